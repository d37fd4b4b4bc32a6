import { describe, expect, it } from 'vitest';
import type { ListenerEvents, NotificationHandler, NotificationSource } from '../db/listener.js';
import { USERS_CHANNEL } from '../modules/auth/authenticator.js';
import { CHANGES_CHANNEL } from '../modules/events/change-notifier.js';
import type { CachedResponse } from '../http/cached-reply.js';
import { groupTag, TaggedCache, userTag } from './tagged-cache.js';

/** A stand-in for the database listener: tests deliver notifications and state changes. */
class FakeListener implements NotificationSource {
  connected = true;
  private readonly handlers = new Map<string, NotificationHandler[]>();
  private readonly states: Partial<ListenerEvents>[] = [];
  on(channel: string, handler: NotificationHandler): void {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }
  onState(l: Partial<ListenerEvents>): void {
    this.states.push(l);
  }
  deliver(channel: string, payload: string): void {
    for (const h of this.handlers.get(channel) ?? []) h(payload);
  }
  drop(): void {
    this.connected = false;
    for (const s of this.states) s.disconnected?.();
  }
  restore(): void {
    this.connected = true;
    for (const s of this.states) s.connected?.();
  }
}

const change = (groupId: number | null, recipients: number[]) =>
  JSON.stringify({ entity: 'expense', action: 'created', id: 1, groupId, recipients, at: 'x' });

function setup(now = { t: 0 }) {
  const listener = new FakeListener();
  const cache = new TaggedCache<CachedResponse>(listener, {
    ttlMs: 1000,
    maxEntries: 3,
    now: () => now.t,
  });
  const put = (key: string, tags: string[]) =>
    cache.store(key, tags, cache.mark(), { body: Buffer.from(key), headers: {} });
  return { listener, cache, put, now };
}

describe('TaggedCache', () => {
  it('serves what was stored', () => {
    const { cache, put } = setup();
    put('a', [groupTag(1)]);
    expect(cache.get('a')).toEqual({ body: Buffer.from('a'), headers: {} });
    expect(cache.get('b')).toBeUndefined();
  });

  it("drops entries of a change's group and of every recipient", () => {
    const { cache, put, listener } = setup();
    put('page-g1', [groupTag(1)]);
    put('my-u7', [userTag(7)]);
    put('my-u8', [userTag(8)]);
    listener.deliver(CHANGES_CHANNEL, change(1, [7]));
    expect(cache.get('page-g1')).toBeUndefined();
    expect(cache.get('my-u7')).toBeUndefined();
    expect(cache.get('my-u8')).toBeDefined();
  });

  it('drops the entries of users a change moves without showing it to them', () => {
    const { cache, put, listener } = setup();
    put('overall-u4', [userTag(4)]);
    listener.deliver(
      CHANGES_CHANNEL,
      JSON.stringify({
        entity: 'expense',
        action: 'updated',
        id: 1,
        groupId: 3,
        recipients: [7],
        affected: [4],
        at: 'x',
      }),
    );
    expect(cache.get('overall-u4')).toBeUndefined();
  });

  it('drops the same entries right after a local commit', () => {
    const { cache, put } = setup();
    put('page-g2', [groupTag(2)]);
    put('my-u9', [userTag(9)]);
    cache.invalidateChanges([
      { entity: 'payment', action: 'deleted', id: 3, groupId: null, recipients: [9] },
    ]);
    expect(cache.get('my-u9')).toBeUndefined();
    expect(cache.get('page-g2')).toBeDefined();
  });

  it('stores a read that overlapped only changes of other tags', () => {
    const { cache, listener } = setup();
    const mark = cache.mark();
    listener.deliver(CHANGES_CHANNEL, change(9, [8]));
    cache.store('k', [groupTag(1), userTag(2)], mark, { body: Buffer.from('fresh'), headers: {} });
    expect(cache.get('k')?.body.toString()).toBe('fresh');
  });

  it('does not store a read that overlapped a change of one of its tags', () => {
    const { cache, listener } = setup();
    const mark = cache.mark();
    listener.deliver(CHANGES_CHANNEL, change(null, [2]));
    cache.store('late', [groupTag(1), userTag(2)], mark, { body: Buffer.from('old'), headers: {} });
    expect(cache.get('late')).toBeUndefined();
    // A read that began after the change is stored.
    cache.store('late', [groupTag(1), userTag(2)], cache.mark(), {
      body: Buffer.from('new'),
      headers: {},
    });
    expect(cache.get('late')?.body.toString()).toBe('new');
  });

  it('empties on any user change and on a malformed notification', () => {
    const { cache, put, listener } = setup();
    put('a', [groupTag(1)]);
    listener.deliver(USERS_CHANNEL, '5');
    expect(cache.size).toBe(0);
    put('b', [groupTag(1)]);
    listener.deliver(CHANGES_CHANNEL, 'not json');
    expect(cache.size).toBe(0);
  });

  it('caches nothing while the listener is down, and empties when it drops and returns', () => {
    const { cache, put, listener } = setup();
    put('a', [groupTag(1)]);
    const mark = cache.mark();
    listener.drop();
    expect(cache.size).toBe(0);
    put('b', [groupTag(1)]);
    expect(cache.get('b')).toBeUndefined();
    listener.restore();
    // A read that began before the outage is not stored after it either.
    cache.store('c', [groupTag(1)], mark, { body: Buffer.from('c'), headers: {} });
    expect(cache.get('c')).toBeUndefined();
    put('d', [groupTag(1)]);
    expect(cache.get('d')).toBeDefined();
  });

  it('expires entries after the TTL and keeps at most maxEntries (oldest out first)', () => {
    const { cache, put, now } = setup();
    put('a', [groupTag(1)]);
    now.t = 999;
    expect(cache.get('a')).toBeDefined();
    now.t = 1000;
    expect(cache.get('a')).toBeUndefined();
    put('b', [groupTag(1)]);
    put('c', [groupTag(1)]);
    put('d', [groupTag(1)]);
    put('e', [groupTag(1)]);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('e')).toBeDefined();
  });
});

describe('TaggedCache size bound', () => {
  it('keeps the values under maxSize, dropping the oldest', () => {
    const listener = new FakeListener();
    const cache = new TaggedCache<CachedResponse>(listener, {
      maxSize: 10,
      sizeOf: (v) => v.body.length,
    });
    const put = (key: string, body: string) =>
      cache.store(key, [groupTag(1)], cache.mark(), { body: Buffer.from(body), headers: {} });
    put('a', '1234');
    put('b', '1234');
    put('c', '1234');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.body.toString()).toBe('1234');
    expect(cache.get('c')?.body.toString()).toBe('1234');
    put('huge', '12345678901');
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
