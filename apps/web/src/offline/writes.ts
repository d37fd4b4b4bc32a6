// Creates and edits of expenses, payments, settle-ups and comments that survive being offline:
// sent at once when the server can be reached, else kept in the outbox (offline/outbox.ts) with
// their Idempotency-Key and sent when the connection returns (offline/sync.ts).
//
// The forms call these instead of the plain API calls; `queued: true` tells them the write waits
// on this device ("waiting to sync"). Sending is the same request the outbox would send (same
// bytes, same key), so an attempt whose answer was lost is replayed by the server, never doubled.
import { msg } from '@lingui/core/macro';
import { ApiError } from '../api/client';
import type {
  Comment,
  EditScope,
  Expense,
  ExpenseRequest,
  Payment,
  PaymentRequest,
  SettleRequest,
} from '../api/types';
import { getStoredUser } from '../lib/storage';
import {
  describeComment,
  describeExpense,
  describePayment,
  describeSettle,
  type Described,
  type Person,
} from './describe';
import { enqueue, listOutbox, type NewOutboxItem } from './outbox';
import type { QueuedFile } from './outboxTypes';
import { pageTransportFor } from './pageTransport';
import { requestOf } from './send';
import { registerBackgroundSync, requestFlush } from './sync';

export type WriteResult<T> = { queued: false; value: T } | { queued: true };

function field(body: unknown, name: string): string | null {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : null;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The version an edit starts from (the API sends `updatedAt` on expenses and payments). */
function updatedAtOf(entry: Expense | Payment): string | null {
  return field(entry, 'updatedAt');
}

async function fileOf(receipt: File | null): Promise<QueuedFile | null> {
  if (receipt === null) return null;
  return {
    name: receipt.name || 'receipt',
    type: receipt.type || 'application/octet-stream',
    bytes: await receipt.arrayBuffer(),
  };
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Sends now when online and nothing of this person waits before it (order is kept); otherwise,
 * or when the attempt gets no answer, queues it. A refusal from the server is thrown as an
 * ApiError, as the plain API calls do.
 */
async function sendOrQueue<T>(
  entry: Omit<NewOutboxItem, 'userId' | keyof Described>,
  described: Described,
  /** Shown when the server gives no message (as the plain API calls do). */
  failure: string,
): Promise<WriteResult<T>> {
  const user = getStoredUser();
  if (user === null) throw new ApiError('Please log in to continue.', 401);
  const item: NewOutboxItem = { ...entry, ...described, userId: user.id };
  let waiting = false;
  try {
    waiting = (await listOutbox(user.id)).some((i) => i.state === 'pending');
  } catch {
    // No IndexedDB (some private modes): send directly, fail as before when offline.
  }
  if (online() && !waiting) {
    const answer = await pageTransportFor(user.id)(requestOf({ ...item, seq: 0, ...fresh }));
    if (answer !== null) {
      if (answer.status >= 200 && answer.status < 300) {
        return { queued: false, value: answer.body as T };
      }
      throw new ApiError(
        field(answer.body, 'message') ?? failure,
        answer.status,
        field(answer.body, 'code'),
      );
    }
    // No answer: the server may or may not have it; the key settles that on the next send.
    item.attempts = 1;
  }
  try {
    await enqueue(item);
  } catch {
    throw new ApiError('You are offline and this device cannot keep the change. Try again.', 0);
  }
  void registerBackgroundSync();
  void requestFlush();
  return { queued: true };
}

/** The outbox fields every new item starts with (for the direct attempt's request). */
const fresh = {
  after: null,
  attempts: 0,
  state: 'pending',
  problem: null,
  createdAt: '',
} as const;

export interface ExpenseContext {
  people: readonly Person[];
  meId: number;
  groupName: string | null;
}

export async function createExpense(
  request: ExpenseRequest,
  receipt: File | null,
  idempotencyKey: string,
  context: ExpenseContext,
): Promise<WriteResult<Expense>> {
  return sendOrQueue<Expense>(
    {
      kind: 'expense',
      action: 'create',
      request: {
        method: 'POST',
        path: '/expenses',
        body: { ...request },
        multipart: true,
        file: await fileOf(receipt),
        idempotencyKey,
      },
      groupId: request.groupId,
      targetId: null,
      baseUpdatedAt: null,
    },
    describeExpense(request, context.people, context.meId, context.groupName, receipt),
    'Failed to create expense',
  );
}

/** An edit made from `expense` as the person saw it: refused (409) if it changed meanwhile. */
export async function updateExpense(
  expense: Expense,
  request: ExpenseRequest,
  receipt: File | null,
  scope: EditScope,
  idempotencyKey: string,
  context: ExpenseContext,
): Promise<WriteResult<Expense>> {
  return sendOrQueue<Expense>(
    {
      kind: 'expense',
      action: 'update',
      request: {
        method: 'PUT',
        path: `/expenses/${String(expense.id)}?scope=${scope}`,
        body: { ...request },
        multipart: true,
        file: await fileOf(receipt),
        idempotencyKey,
      },
      groupId: expense.groupId ?? null,
      targetId: expense.id,
      baseUpdatedAt: updatedAtOf(expense),
    },
    describeExpense(request, context.people, context.meId, context.groupName, receipt),
    `Failed to update expense ${String(expense.id)}`,
  );
}

export async function createPayment(
  request: PaymentRequest,
  idempotencyKey: string,
  context: { people: readonly Person[]; meId: number },
): Promise<WriteResult<Payment>> {
  return sendOrQueue<Payment>(
    {
      kind: 'payment',
      action: 'create',
      request: {
        method: 'POST',
        path: '/payments',
        body: { ...request },
        multipart: false,
        file: null,
        idempotencyKey,
      },
      groupId: request.groupId,
      targetId: null,
      baseUpdatedAt: null,
    },
    describePayment(request, context.people, context.meId),
    'Failed to record payment',
  );
}

export async function updatePayment(
  payment: Payment,
  request: PaymentRequest,
  idempotencyKey: string,
  context: { people: readonly Person[]; meId: number },
): Promise<WriteResult<Payment>> {
  return sendOrQueue<Payment>(
    {
      kind: 'payment',
      action: 'update',
      request: {
        method: 'PUT',
        path: `/payments/${String(payment.id)}`,
        body: { ...request },
        multipart: false,
        file: null,
        idempotencyKey,
      },
      groupId: payment.groupId ?? null,
      targetId: payment.id,
      baseUpdatedAt: updatedAtOf(payment),
    },
    describePayment(
      { ...request, paidByUserId: request.paidByUserId ?? payment.paidBy.id },
      [...context.people, payment.paidBy, payment.paidTo],
      context.meId,
    ),
    `Failed to update payment ${String(payment.id)}`,
  );
}

export async function settleUp(
  request: SettleRequest,
  idempotencyKey: string,
  other: Person,
): Promise<WriteResult<Payment[]>> {
  return sendOrQueue<Payment[]>(
    {
      kind: 'settle',
      action: 'create',
      request: {
        method: 'POST',
        path: '/payments/settle',
        body: { ...request },
        multipart: false,
        file: null,
        idempotencyKey,
      },
      groupId: null,
      targetId: null,
      baseUpdatedAt: null,
    },
    describeSettle(request, other),
    'Failed to record payment',
  );
}

export async function addComment(
  expense: { id: number; groupId: number | null; description: string },
  content: string,
  idempotencyKey: string,
): Promise<WriteResult<Comment>> {
  return sendOrQueue<Comment>(
    {
      kind: 'comment',
      action: 'create',
      request: {
        method: 'POST',
        path: `/expenses/${String(expense.id)}/comments`,
        body: { content },
        multipart: false,
        file: null,
        idempotencyKey,
      },
      groupId: expense.groupId,
      targetId: expense.id,
      baseUpdatedAt: null,
    },
    describeComment(content, expense.description),
    'Failed to add comment',
  );
}

/** The toast after a write was queued instead of saved. */
export const QUEUED_MESSAGE = msg`Saved on this device — waiting to sync. It is sent when you’re back online.`;

/** Scanning needs the server; the file itself waits with the expense. */
export const RECEIPT_OFFLINE_MESSAGE = msg`You’re offline, so the receipt can’t be read now. It stays attached and is uploaded with the expense when you’re back online.`;
