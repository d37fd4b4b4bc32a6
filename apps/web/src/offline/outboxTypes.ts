// Shapes of the offline outbox (offline/outbox.ts), shared by the app and the service worker.

/** A receipt picked for an expense made offline: its bytes travel with the queued request. */
export interface QueuedFile {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** The HTTP request a queued write sends, exactly as it will be sent on every attempt. */
export interface QueuedRequest {
  method: 'POST' | 'PUT';
  /** Under /api, e.g. `/expenses`, `/expenses/42?scope=this`, `/expenses/42/comments`. */
  path: string;
  /**
   * The JSON body (for expenses: the `expenseData` part of a multipart body, as the app always
   * sends them). An edit's `expectedUpdatedAt` is added from `baseUpdatedAt` when it is sent.
   */
  body: Record<string, unknown>;
  multipart: boolean;
  file: QueuedFile | null;
  /** The same on every attempt: the server replays a write that already happened. */
  idempotencyKey: string;
}

export type OutboxKind = 'expense' | 'payment' | 'settle' | 'comment';
export type OutboxAction = 'create' | 'update';

/**
 * `pending`: waiting to be sent. `conflict`: the expense or payment changed or vanished while
 * this edit waited (or a comment's expense went); `failed`: the server refused it for another
 * reason. Neither of the last two is sent again unless the person chooses to.
 */
export type OutboxState = 'pending' | 'conflict' | 'failed';

/**
 * Why the server refused a queued change, stored rather than a sentence so the problem is shown
 * in the language the app speaks when it is read (offline/problemText.ts).
 */
export type OutboxReason = 'deleted' | 'changed' | 'no-access' | 'refused';

export interface OutboxProblem {
  /** The API's error code (EDIT_CONFLICT, NOT_FOUND, …) or null. */
  code: string | null;
  /** Why; absent on problems stored before it existed (their `message` is shown). */
  reason?: OutboxReason;
  /** An earlier queued change to the same entry failed, so this one was not sent. */
  blocked?: boolean;
  /** The server's own sentence (English, the API contract), or the English of `reason`. */
  message: string;
  /** The version the server kept, in words; null when it is gone. */
  kept: string | null;
  /** The kept version's updatedAt: "apply my version anyway" edits from it. */
  keptUpdatedAt: string | null;
  /** The entry no longer exists (deleted, or no longer visible to this person). */
  gone: boolean;
}

export interface OutboxItem {
  /** Order of entry (autoincrement); absent until stored. */
  seq?: number;
  /** Whose write it is: each person sees and sends only their own. */
  userId: number;
  kind: OutboxKind;
  action: OutboxAction;
  request: QueuedRequest;
  /** Where it shows: its group, or null outside groups. */
  groupId: number | null;
  /** The expense or payment edited, or the expense commented on; null for new entries. */
  targetId: number | null;
  /** An edit: the `updatedAt` of the version it was made from (sent as `expectedUpdatedAt`). */
  baseUpdatedAt: string | null;
  /**
   * An edit queued after another edit of the same entry: the earlier one's seq. It is sent once
   * that one is saved, based on the version that edit produced.
   */
  after: number | null;
  /** Shown in lists: "Dinner", "You paid Ana", a comment's text. */
  label: string;
  /** One line under the label: amount, who, when. */
  summary: string;
  /** The whole entry as text, for the person to copy when it cannot be saved. */
  copyText: string;
  /** ISO time it was queued. */
  createdAt: string;
  /** Sends tried so far: after one, the server may already have it (then the key replays it). */
  attempts: number;
  state: OutboxState;
  problem: OutboxProblem | null;
}

/** An item as stored (with its seq). */
export type StoredOutboxItem = OutboxItem & { seq: number };
