// Sends the outbox (offline/outbox.ts): in order, one at a time, each exactly once. Used by the
// app (on reconnect, at start, after a failed attempt) and by the service worker (Background
// Sync), which pass their own `Transport` (the app's sends through api/client with its sign-out
// on 401; the worker's with the session stored for it).
//
// Exactly once: an item keeps its Idempotency-Key and bytes on every attempt, so a write that
// reached the server but whose answer was lost is replayed by the server, not made again; only
// one sender runs at a time per person (Web Locks, across tabs and the worker).
import {
  bodyToSend,
  completeItem,
  failItem,
  listOutbox,
  noteAttempt,
  notifyOutboxChanged,
} from './outbox';
import type { OutboxItem, OutboxProblem, StoredOutboxItem } from './outboxTypes';

/** The answer to one request; `null` when no answer came (network down, connection lost). */
export interface TransportAnswer {
  status: number;
  /** Parsed JSON body (error body or created/updated entry), or null. */
  body: unknown;
}

export type Transport = (request: {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  json: string | null;
  multipart: boolean;
  file: OutboxItem['request']['file'];
  idempotencyKey: string | null;
}) => Promise<TransportAnswer | null>;

/**
 * How a flush ended: `done` (nothing left to send), `offline` (no answer: try on reconnect),
 * `later` (the server is busy or failing: try again after a while), `signed-out` (401).
 */
export type FlushResult = 'done' | 'offline' | 'later' | 'signed-out';

/** What one send came to. */
export type SendOutcome =
  | { kind: 'saved'; body: unknown }
  | { kind: 'no-answer' }
  | { kind: 'later' }
  | { kind: 'signed-out' }
  | { kind: 'refused'; state: 'conflict' | 'failed'; problem: OutboxProblem };

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : null;
}

function text(body: unknown, name: string): string | null {
  const value = field(body, name);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The request of an item as the transport sends it. */
export function requestOf(item: OutboxItem): Parameters<Transport>[0] {
  return {
    method: item.request.method,
    path: item.request.path,
    json: JSON.stringify(bodyToSend(item)),
    multipart: item.request.multipart,
    file: item.request.file,
    idempotencyKey: item.request.idempotencyKey,
  };
}

function noun(item: OutboxItem): string {
  return item.kind === 'comment' ? 'expense' : item.kind === 'settle' ? 'payment' : item.kind;
}

/** A kept expense or payment in words (the API's own shapes, read defensively). */
export function describeKept(body: unknown): string | null {
  const amount = field(body, 'amount');
  const currency = text(body, 'currency') ?? '';
  const money = typeof amount === 'number' ? `${amount.toFixed(2)} ${currency}`.trim() : null;
  const date = text(body, 'date');
  const description = text(body, 'description');
  if (description !== null) {
    const payers = field(body, 'payers');
    const names = Array.isArray(payers)
      ? payers
          .map((p) => text(field(p, 'user'), 'name'))
          .filter((n): n is string => n !== null)
          .join(', ')
      : '';
    return [description, money, date, names ? `paid by ${names}` : null]
      .filter(Boolean)
      .join(' · ');
  }
  const summary = text(body, 'summary');
  if (summary !== null) return [summary, money, date].filter(Boolean).join(' · ');
  return null;
}

/** Reads what the server kept of an edited entry after a conflict. */
async function keptVersion(
  item: OutboxItem,
  transport: Transport,
): Promise<{ kept: string | null; updatedAt: string | null; gone: boolean }> {
  if (item.targetId === null) return { kept: null, updatedAt: null, gone: false };
  const path = `/${item.kind === 'expense' ? 'expenses' : 'payments'}/${String(item.targetId)}`;
  const answer = await transport({
    method: 'GET',
    path,
    json: null,
    multipart: false,
    file: null,
    idempotencyKey: null,
  });
  if (answer === null || answer.status >= 500) return { kept: null, updatedAt: null, gone: false };
  if (answer.status === 404 || answer.status === 403) {
    return { kept: null, updatedAt: null, gone: true };
  }
  return {
    kept: describeKept(answer.body),
    updatedAt: text(answer.body, 'updatedAt'),
    gone: false,
  };
}

/** Sends one item and says what came of it (the outbox is not touched here). */
export async function sendItem(item: OutboxItem, transport: Transport): Promise<SendOutcome> {
  const answer = await transport(requestOf(item));
  if (answer === null) return { kind: 'no-answer' };
  const { status, body } = answer;
  if (status >= 200 && status < 300) return { kind: 'saved', body };
  if (status === 401) return { kind: 'signed-out' };
  const code = text(body, 'code');
  const message = text(body, 'message') ?? 'The server refused this change.';
  // Still running elsewhere, rate limited, or a server fault: the same request later.
  const inProgress =
    status === 409 && code === 'IDEMPOTENCY_CONFLICT' && /in progress/.test(message);
  if (status >= 500 || status === 429 || status === 408 || inProgress) return { kind: 'later' };
  const what = noun(item);
  if (status === 409 && code === 'EDIT_CONFLICT') {
    const kept = await keptVersion(item, transport);
    return {
      kind: 'refused',
      state: 'conflict',
      problem: kept.gone
        ? {
            code,
            reason: 'deleted',
            message: `This ${what} was deleted while you were offline.`,
            kept: null,
            keptUpdatedAt: null,
            gone: true,
          }
        : {
            code,
            reason: 'changed',
            message: `Someone else changed this ${what} while you were offline. Their version was kept.`,
            kept: kept.kept,
            keptUpdatedAt: kept.updatedAt,
            gone: false,
          },
    };
  }
  if ((status === 404 || status === 403) && (item.action === 'update' || item.kind === 'comment')) {
    return {
      kind: 'refused',
      state: 'conflict',
      problem: {
        code,
        reason: status === 404 ? 'deleted' : 'no-access',
        message:
          status === 404
            ? `This ${what} was deleted while you were offline.`
            : `You no longer have access to this ${what}.`,
        kept: null,
        keptUpdatedAt: null,
        gone: true,
      },
    };
  }
  if (status === 404 || status === 403) {
    // A new entry in a group that was deleted or left meanwhile.
    return {
      kind: 'refused',
      state: 'conflict',
      problem: { code, reason: 'refused', message, kept: null, keptUpdatedAt: null, gone: true },
    };
  }
  return {
    kind: 'refused',
    state: 'failed',
    problem: { code, reason: 'refused', message, kept: null, keptUpdatedAt: null, gone: false },
  };
}

/** Runs `work` holding the person's outbox lock (Web Locks), where the browser has them. */
async function withOutboxLock<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks as LockManager | undefined;
  if (locks === undefined) return work();
  return (await locks.request(`evenly-outbox-${String(userId)}`, work)) as T;
}

/**
 * Sends the person's pending items in order. Stops at the first item without an answer (or
 * one the server asks to retry), leaving it and everything after it for the next flush.
 */
export async function flushOutbox(
  userId: number,
  transport: Transport,
  onSaved: (item: StoredOutboxItem) => void = () => undefined,
): Promise<FlushResult> {
  return withOutboxLock(userId, async () => {
    for (;;) {
      // Read afresh each time: another item may have been added, discarded or rebased.
      const next = (await listOutbox(userId)).find(
        (item) => item.state === 'pending' && item.after === null,
      );
      if (next === undefined) return 'done';
      await noteAttempt(next.seq);
      const outcome = await sendItem(next, transport);
      switch (outcome.kind) {
        case 'saved':
          await completeItem(next.seq, text(outcome.body, 'updatedAt'));
          onSaved(next);
          break;
        case 'refused':
          await failItem(next.seq, outcome.state, outcome.problem);
          break;
        case 'no-answer':
          notifyOutboxChanged();
          return 'offline';
        case 'later':
          notifyOutboxChanged();
          return 'later';
        case 'signed-out':
          notifyOutboxChanged();
          return 'signed-out';
      }
    }
  });
}
