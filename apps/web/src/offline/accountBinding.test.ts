// Queued writes are bound to the account that queued them (issue #30 finding 15): a page still
// showing one account while another account signed in in another tab (they share the device's
// session) sends nothing of the first account's with the second's token, and gives the service
// worker no such pair either; each account's writes go with its own token once it is signed in.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../lib/storage';
import { kvGet, resetOfflineDbForTests, SESSION_KEY } from './db';
import { enqueue, listOutbox, type NewOutboxItem } from './outbox';
import { tokenFor, tokenUserId } from './session';
import { requestFlush, startOfflineSync } from './sync';

const ANN = 7;
const BOB = 8;

/** A token shaped like the API's (only its subject matters here). */
function jwt(userId: number): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: String(userId), ver: 0 })}.signature`;
}

function item(userId: number, description: string): NewOutboxItem {
  return {
    userId,
    kind: 'expense',
    action: 'create',
    request: {
      method: 'POST',
      path: '/expenses',
      body: { description },
      multipart: false,
      file: null,
      idempotencyKey: `key-${description}`,
    },
    groupId: 1,
    targetId: null,
    baseUpdatedAt: null,
    label: description,
    summary: '',
    copyText: description,
  };
}

let stored = new Map<string, string>();
let sent: { description: string; authorization: string }[] = [];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbForTests();
  stored = new Map();
  sent = [];
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const body = JSON.parse(String(init.body)) as { description: string };
    sent.push({ description: body.description, authorization: headers['Authorization'] ?? '' });
    return Promise.resolve(
      new Response(JSON.stringify({ id: 100 + sent.length, updatedAt: '2026-01-01T00:00:00Z' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
});

async function pendingOf(userId: number): Promise<string[]> {
  return (await listOutbox(userId)).map((i) => `${i.label} ${i.state}`);
}

describe('outbox entries bound to their account', () => {
  it('reads the account of a token from its subject', () => {
    expect(tokenUserId(jwt(ANN))).toBe(ANN);
    expect(tokenUserId('not-a-token')).toBeNull();
    expect(tokenUserId(null)).toBeNull();
    expect(tokenFor(ANN, jwt(BOB))).toBeNull();
    expect(tokenFor(ANN, jwt(ANN))).toBe(jwt(ANN));
  });

  it("flushes only the signed-in account's entries, with its own token", async () => {
    await enqueue(item(ANN, 'Ann dinner'));
    await enqueue(item(BOB, 'Bob lunch'));

    // Bob signed in in another tab; this page still runs Ann's outbox.
    stored.set(AUTH_TOKEN_KEY, jwt(BOB));
    const stopAnn = startOfflineSync(ANN);
    await requestFlush();
    stopAnn();
    expect(sent).toEqual([]);
    expect(await pendingOf(ANN)).toEqual(['Ann dinner pending']);
    // Nor does the service worker get Ann's outbox with Bob's session.
    expect(await kvGet(SESSION_KEY)).toBeUndefined();

    // Bob's page sends Bob's entry with Bob's token, and nothing of Ann's.
    const stopBob = startOfflineSync(BOB);
    await requestFlush();
    stopBob();
    expect(sent).toEqual([{ description: 'Bob lunch', authorization: `Bearer ${jwt(BOB)}` }]);
    expect(await pendingOf(BOB)).toEqual([]);
    expect(await pendingOf(ANN)).toEqual(['Ann dinner pending']);
    expect(await kvGet(SESSION_KEY)).toEqual({ userId: BOB, token: jwt(BOB) });

    // Ann signs in again on this device: her entry goes, with her token.
    stored.set(AUTH_TOKEN_KEY, jwt(ANN));
    const stopAgain = startOfflineSync(ANN);
    await requestFlush();
    stopAgain();
    expect(sent[1]).toEqual({ description: 'Ann dinner', authorization: `Bearer ${jwt(ANN)}` });
    expect(await pendingOf(ANN)).toEqual([]);
  });
});
