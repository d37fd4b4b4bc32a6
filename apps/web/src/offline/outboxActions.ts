// What the person can do with a write the server refused (a conflict): apply their version over
// the one kept, add it again as a new entry when the original is gone, or drop it. Each redo is
// a new write with a new Idempotency-Key, queued behind whatever waits.
import { newIdempotencyKey } from '../lib/idempotency';
import { discardItem, enqueue } from './outbox';
import type { StoredOutboxItem } from './outboxTypes';
import { requestFlush } from './sync';

function requeue(item: StoredOutboxItem, changes: Partial<StoredOutboxItem>) {
  const { seq: _seq, after: _after, state: _state, problem: _problem, ...rest } = item;
  return enqueue({
    ...rest,
    ...changes,
    attempts: 0,
    createdAt: new Date().toISOString(),
    request: {
      ...item.request,
      ...changes.request,
      idempotencyKey: newIdempotencyKey(),
    },
  });
}

/** An edit refused because someone else changed the entry: the person's version over theirs. */
export function canApplyAnyway(item: StoredOutboxItem): boolean {
  return (
    item.action === 'update' && item.problem?.gone === false && item.problem.keptUpdatedAt !== null
  );
}

/** An edit of an entry deleted meanwhile: add the person's version as a new one. */
export function canAddAsNew(item: StoredOutboxItem): boolean {
  return item.action === 'update' && item.problem?.gone === true && item.kind !== 'comment';
}

export async function applyAnyway(item: StoredOutboxItem): Promise<void> {
  await requeue(item, { baseUpdatedAt: item.problem?.keptUpdatedAt ?? null });
  await discardItem(item.seq);
  void requestFlush();
}

export async function addAsNew(item: StoredOutboxItem): Promise<void> {
  const body = { ...item.request.body };
  delete body.removeReceipt;
  delete body.recurrence;
  await requeue(item, {
    action: 'create',
    targetId: null,
    baseUpdatedAt: null,
    request: {
      ...item.request,
      method: 'POST',
      path: item.kind === 'expense' ? '/expenses' : '/payments',
      body,
    },
  });
  await discardItem(item.seq);
  void requestFlush();
}

export async function dismiss(item: StoredOutboxItem): Promise<void> {
  await discardItem(item.seq);
}
