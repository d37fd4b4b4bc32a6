// Values read from the database, kept in this process and dropped the moment the data behind
// them changes: serialized responses of the read routes (groups, transactions, activity,
// balances; http/cached-reply.ts) and the facts an expense write checks (expense-context.ts).
//
// Each entry carries tags naming what it depends on: `group:<id>` (a group's data, membership and
// settings) and `user:<id>` (what one user sees). Every write notes a change naming its group,
// the users who can see it and the users whose balances it moves; they drop the matching entries
// — in this process right after the commit, before the write answers (db/transaction.ts), in
// every other process when the change's NOTIFY arrives. A change to any user's name or e-mail, a
// lost LISTEN connection, and its return empty the whole cache; nothing is cached while LISTEN
// is down. A read that overlapped an invalidation of one of its tags is not stored (each tag
// remembers the last invalidation that named it), so an entry is never older than the last
// change this process has heard of.
// Entries also expire after `ttlMs` (for responses, well inside the one-hour life of the receipt
// links they hold).
import type { NotificationSource } from '../db/listener.js';
import { USERS_CHANNEL } from '../modules/auth/authenticator.js';
import type { Change, ChangeNotification } from '../modules/events/change-notifier.js';
import { CHANGES_CHANNEL } from '../modules/events/change-notifier.js';

interface Entry<V> {
  value: V;
  tags: readonly string[];
  expiresAtMs: number;
}

/** Where the cache's history stood when a read began. */
export interface ReadMark {
  epoch: number;
  seq: number;
}

export function groupTag(groupId: number): string {
  return `group:${groupId}`;
}

export function userTag(userId: number): string {
  return `user:${userId}`;
}

/** Tags a change invalidates: its group, every user who can see it, and every user it moves. */
export function tagsOfChange(
  change: Pick<Change, 'groupId' | 'recipients' | 'affected'>,
): string[] {
  const tags = [...change.recipients, ...(change.affected ?? [])].map(userTag);
  if (change.groupId !== null) tags.push(groupTag(change.groupId));
  return tags;
}

/** Beyond this many tags in the history, the cache starts afresh (bounds its memory). */
const MAX_TRACKED_TAGS = 100_000;

export interface TaggedCacheOptions<V> {
  ttlMs?: number;
  maxEntries?: number;
  /** Bound on the values' total size, as `sizeOf` measures it. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  now?: () => number;
}

export class TaggedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysOfTag = new Map<string, Set<string>>();
  /** Invalidations so far, and the last one that named each tag. */
  private seq = 0;
  private readonly lastChanged = new Map<string, number>();
  /** Bumped when everything is dropped. */
  private epoch = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxSize: number;
  private readonly sizeOf: (value: V) => number;
  private totalSize = 0;
  private readonly now: () => number;

  constructor(
    private readonly listener: NotificationSource,
    options: TaggedCacheOptions<V> = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.maxSize = options.maxSize ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.sizeOf ?? (() => 0);
    this.now = options.now ?? Date.now;
    listener.on(CHANGES_CHANNEL, (payload) => {
      let n: ChangeNotification;
      try {
        n = JSON.parse(payload) as ChangeNotification;
      } catch {
        this.clear();
        return;
      }
      if (!Array.isArray(n.recipients)) this.clear();
      else
        this.invalidate(
          tagsOfChange({
            groupId: n.groupId ?? null,
            recipients: n.recipients,
            affected: Array.isArray(n.affected) ? n.affected : [],
          }),
        );
    });
    // Names and e-mails appear in every cached response.
    listener.on(USERS_CHANNEL, () => this.clear());
    listener.onState({ connected: () => this.clear(), disconnected: () => this.clear() });
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    if (e.expiresAtMs <= this.now()) {
      this.drop(key);
      return undefined;
    }
    return e.value;
  }

  /** Call before reading the data of a response (its tags may be known only afterwards). */
  mark(): ReadMark {
    return { epoch: this.epoch, seq: this.seq };
  }

  /** Stores a response read since `mark`, unless one of its tags changed meanwhile. */
  store(key: string, tags: readonly string[], mark: ReadMark, value: V): void {
    if (!this.listener.connected || mark.epoch !== this.epoch) return;
    if (tags.some((t) => (this.lastChanged.get(t) ?? 0) > mark.seq)) return;
    this.drop(key);
    const size = this.sizeOf(value);
    if (size > this.maxSize) return;
    while (this.entries.size >= this.maxEntries || this.totalSize + size > this.maxSize) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, { value, tags, expiresAtMs: this.now() + this.ttlMs });
    this.totalSize += size;
    for (const t of tags) {
      let keys = this.keysOfTag.get(t);
      if (keys === undefined) {
        keys = new Set();
        this.keysOfTag.set(t, keys);
      }
      keys.add(key);
    }
  }

  /** Drops every entry carrying one of `tags`. */
  invalidate(tags: Iterable<string>): void {
    if (this.lastChanged.size > MAX_TRACKED_TAGS) this.clear();
    this.seq++;
    for (const t of tags) {
      this.lastChanged.set(t, this.seq);
      const keys = this.keysOfTag.get(t);
      if (keys === undefined) continue;
      for (const k of [...keys]) this.drop(k);
    }
  }

  /** Local after-commit invalidation (the NOTIFY of the same changes follows). */
  invalidateChanges(changes: readonly Change[]): void {
    for (const c of changes) this.invalidate(tagsOfChange(c));
  }

  clear(): void {
    // A read that began before the clear is refused through `epoch`, so the history restarts.
    this.epoch++;
    this.entries.clear();
    this.totalSize = 0;
    this.keysOfTag.clear();
    this.lastChanged.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    this.entries.delete(key);
    this.totalSize -= this.sizeOf(e.value);
    for (const t of e.tags) {
      const keys = this.keysOfTag.get(t);
      if (keys === undefined) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysOfTag.delete(t);
    }
  }
}
