// The outbox: writes (expenses, payments, settle-ups, comments; creates and edits) made while the
// server could not be reached, kept in IndexedDB in the order they were made until they are
// sent (offline/send.ts). Shared by the app and the service worker.
//
// Invariants: items are sent in `seq` order, one at a time; an item keeps its request (body,
// file and Idempotency-Key) unchanged once it has been tried, so a retry is the same request
// and the server replays it rather than writing twice; an edit queued after another edit of the
// same entry (`after`) is sent only once that one is saved, from the version it produced.
import { offlineDb } from './db';
import type { OutboxItem, OutboxProblem, OutboxState, StoredOutboxItem } from './outboxTypes';

const CHANNEL = 'evenly-outbox';
type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function openChannel(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => listeners.forEach((l) => l());
    // Node (unit tests): the channel must not keep the process alive.
    (channel as { unref?: () => void }).unref?.();
  }
  return channel;
}

/** Called whenever the outbox changes, here or in another tab or the service worker. */
export function onOutboxChange(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this page's listeners and every other tab and the service worker. */
export function notifyOutboxChanged(): void {
  listeners.forEach((l) => l());
  openChannel()?.postMessage('changed');
}

export type NewOutboxItem = Omit<
  OutboxItem,
  'seq' | 'after' | 'attempts' | 'state' | 'problem' | 'createdAt'
> & { attempts?: number; createdAt?: string };

/** Is `item` an edit of the same entry as `other`? */
function sameTarget(item: OutboxItem, other: OutboxItem): boolean {
  const kindOf = (i: OutboxItem) => (i.kind === 'settle' ? 'payment' : i.kind);
  return (
    item.action === 'update' &&
    other.action === 'update' &&
    kindOf(item) === kindOf(other) &&
    item.targetId !== null &&
    item.targetId === other.targetId
  );
}

/** Every item of a person, oldest first. */
export async function listOutbox(userId: number): Promise<StoredOutboxItem[]> {
  const db = await offlineDb();
  const items = (await db.getAllFromIndex('outbox', 'byUser', userId)) as StoredOutboxItem[];
  return items.sort((a, b) => a.seq - b.seq);
}

/** Adds a write at the end of the person's outbox. */
export async function enqueue(entry: NewOutboxItem): Promise<StoredOutboxItem> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const mine = (await tx.store.index('byUser').getAll(entry.userId)) as StoredOutboxItem[];
  const item: OutboxItem = {
    ...entry,
    attempts: entry.attempts ?? 0,
    createdAt: entry.createdAt ?? new Date().toISOString(),
    state: 'pending',
    problem: null,
    after: null,
  };
  // A second edit of an entry whose first edit still waits builds on that edit.
  const earlier = mine
    .filter((other) => other.state === 'pending' && sameTarget(item, other))
    .sort((a, b) => b.seq - a.seq)[0];
  if (earlier !== undefined) {
    item.after = earlier.seq;
    item.baseUpdatedAt = null;
  }
  const seq = await tx.store.add(item);
  await tx.done;
  notifyOutboxChanged();
  return { ...item, seq };
}

async function update(
  seq: number,
  change: (item: StoredOutboxItem) => StoredOutboxItem | null,
): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const item = (await tx.store.get(seq)) as StoredOutboxItem | undefined;
  if (item !== undefined) {
    const next = change(item);
    if (next === null) await tx.store.delete(seq);
    else await tx.store.put(next);
  }
  await tx.done;
}

/** Counted before each send: from the first attempt on, the server may have the write. */
export async function noteAttempt(seq: number): Promise<void> {
  await update(seq, (item) => ({ ...item, attempts: item.attempts + 1 }));
}

/**
 * The write is saved: it leaves the outbox, and an edit waiting for it is now based on the
 * version it produced (`updatedAt` of the answer).
 */
export async function completeItem(seq: number, updatedAt: string | null): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const done = (await tx.store.get(seq)) as StoredOutboxItem | undefined;
  if (done !== undefined) {
    const waiting = (await tx.store.index('byUser').getAll(done.userId)) as StoredOutboxItem[];
    for (const next of waiting.filter((w) => w.after === seq)) {
      await tx.store.put({ ...next, after: null, baseUpdatedAt: updatedAt });
    }
    await tx.store.delete(seq);
  }
  await tx.done;
  notifyOutboxChanged();
}

/**
 * The server refused the write (`conflict` or `failed`): it stays, with what happened, until
 * the person deals with it. Edits waiting for it cannot be sent either.
 */
export async function failItem(
  seq: number,
  state: Exclude<OutboxState, 'pending'>,
  problem: OutboxProblem,
): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const failed = (await tx.store.get(seq)) as StoredOutboxItem | undefined;
  if (failed !== undefined) {
    await tx.store.put({ ...failed, state, problem });
    const mine = (await tx.store.index('byUser').getAll(failed.userId)) as StoredOutboxItem[];
    const blocked = new Set([seq]);
    for (const next of mine.sort((a, b) => a.seq - b.seq)) {
      if (next.after === null || !blocked.has(next.after) || next.state !== 'pending') continue;
      blocked.add(next.seq);
      await tx.store.put({
        ...next,
        after: null,
        state: 'conflict',
        problem: {
          ...problem,
          blocked: true,
          message: `${problem.message} An earlier change you made to it offline could not be saved, so this one was not sent either.`,
        },
      });
    }
  }
  await tx.done;
  notifyOutboxChanged();
}

/**
 * The person drops an item (a refused one, or one still waiting). An edit that waited for it
 * takes its place: based on the same version.
 */
export async function discardItem(seq: number): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const gone = (await tx.store.get(seq)) as StoredOutboxItem | undefined;
  if (gone !== undefined) {
    const mine = (await tx.store.index('byUser').getAll(gone.userId)) as StoredOutboxItem[];
    for (const next of mine.filter((w) => w.after === seq)) {
      await tx.store.put({ ...next, after: gone.after, baseUpdatedAt: gone.baseUpdatedAt });
    }
    await tx.store.delete(seq);
  }
  await tx.done;
  notifyOutboxChanged();
}

/** The body as sent: an edit names the version it was made from. */
export function bodyToSend(item: OutboxItem): Record<string, unknown> {
  return item.action === 'update' && item.baseUpdatedAt !== null
    ? { ...item.request.body, expectedUpdatedAt: item.baseUpdatedAt }
    : item.request.body;
}
