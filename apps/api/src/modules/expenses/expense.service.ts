// ExpenseService: expenses (contract §4.4) and the group transaction list (§4.3). Each write is
// one transaction (db/transaction.ts): it takes its locks (modules/ledger/ledger-locks.ts), reads
// what the rules check, applies the rules (expense-rules.ts), and writes the row with its ledger
// effects (modules/ledger/ledger-effects.ts), activity and change-feed row.
import type { Db } from '../../db/database.js';
import { pairDeltaArgs } from '../../db/pair-slots.js';
import {
  certainlyRolledBack,
  CommitOutcomeUnknownError,
  noteChange,
  noteSpill,
} from '../../db/transaction.js';
import { isConnectionError, isRetryableTransactionError } from '../../db/errors.js';
import { createdAtCursorShape, decodeCursor, encodeCursor } from '../../http/cursor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors/app-errors.js';
import {
  asRecord,
  convertParts,
  DEFAULT_CATEGORY,
  formatExchangeRate,
  toCategoryId,
} from '@evenly/core';
import type { Cents } from '@evenly/core';
import { groupCurrencyKey, readRateAsk, resolveConversion } from '../ledger/conversion.js';
import type { RateLookup, StoredConversion } from '../ledger/conversion.js';
import type { ServiceDeps, Services } from '../../services.js';
import type { ActivityType } from '../activity/activity.repository.js';
import { changeArrays, recordChange } from '../activity/record-change.js';
import type { Change, ChangeAction } from '../../db/change-feed.js';
import type { GroupRow } from '../groups/membership.repository.js';
import {
  currentMembers,
  findGroup,
  GROUP_NOT_FOUND,
  groupStanding,
  NOT_A_MEMBER,
} from '../groups/membership.repository.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/idempotency.js';
import { keyInProgress, storedAnswer } from '../idempotency/idempotency.js';
import {
  applyEffect,
  expenseEffectDebts,
  expensePersonEffects,
  swapEffect,
} from '../ledger/ledger-effects.js';
import { prepareLedgerWrite, readLedgerContext } from '../ledger/ledger-context.js';
import type { PreparedWrite } from '../ledger/ledger-context.js';
import type { GuardValues } from '../ledger/ledger-guard.js';
import type { EditGuard } from '../ledger/edit-guard.js';
import {
  checkUnchanged,
  guardedEdit,
  MSG_EXPENSE_EDIT_CONFLICT,
  NO_EDIT_GUARD,
} from '../ledger/edit-guard.js';
import { lockLedgerScope } from '../ledger/ledger-locks.js';
import { readRestoreFacts } from '../ledger/restore-facts.js';
import { checkRestorable, checkRestoreAccess } from '../ledger/restore-rules.js';
import type { PaymentView } from '../payments/payment.repository.js';
import type { UploadedFile } from '../receipts/receipt.service.js';
import {
  canSeeExpense,
  EXPENSE_NOT_FOUND,
  findExpenseRow,
  isDbId,
  NO_EXPENSE_ACCESS,
  participantIds,
} from './expense-access.js';
import type { CheckedExpense, ExistingParticipants, ExpenseDraft } from './expense-rules.js';
import { checkExpense, draftExpense } from './expense-rules.js';
import {
  markExpenseDeleted,
  unmarkExpenseDeleted,
  writeExpense,
  loadExpenseViews,
  myExpensePage,
  participantsOfRow,
  replaceParticipants,
  updateExpenseRow,
} from './expense.repository.js';
import type {
  ExpenseRow,
  ExpenseView,
  NewExpenseWrite,
  OriginalAmounts,
  Person,
  SeriesSummary,
} from './expense.repository.js';
import { originalColumns, originalOfRow } from './expense.repository.js';
import { transactionCursorShape, transactionPage } from './transactions.repository.js';

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The date an expense gets: the one given, else today (UTC). */
function todayOr(v: CheckedExpense): string {
  return v.input.date ?? todayUtc();
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type TransactionView =
  { type: 'expense'; expense: ExpenseView } | { type: 'payment'; payment: PaymentView };

/** What the request carried: the parsed expenseData and the optional receipt file. */
export interface ExpenseRequest {
  data: unknown;
  file: UploadedFile | null;
}

/** A checked expense in its ledger currency, with what it was entered as when converted. */
export type LedgerExpense = CheckedExpense & { original: OriginalAmounts | null };

/** The series slot a new expense fills (issue #11). */
export interface OccurrenceLink {
  seriesId: number;
  /** YYYY-MM-DD: the occurrence's date (also the expense's date when created). */
  date: string;
  /** What the created expense's view shows of its series. */
  summary: SeriesSummary;
}

/**
 * Called inside a creation's transaction once the expense has passed every rule and before it
 * is written: makes (or names) the series slot it fills. The series code (modules/series)
 * supplies it; it may throw a ValidationError, which rolls the creation back.
 */
export type LinkOccurrence = (tx: Db, v: LedgerExpense, date: string) => Promise<OccurrenceLink>;

export const MSG_CONVERTED_TOO_SMALL =
  'The converted amount is zero at this rate. Please check the rate or the amount.';

/** The rate service's lookups for one request, each asked at most once (retries reuse them). */
function memoLookup(lookup: RateLookup): RateLookup {
  const seen = new Map<string, ReturnType<RateLookup>>();
  return (from, to, date) => {
    const key = `${from}>${to}@${date}`;
    let found = seen.get(key);
    if (found === undefined) {
      found = lookup(from, to, date);
      seen.set(key, found);
    }
    return found;
  };
}

/** A receipt file stored for a write (removed again only if the write certainly rolled back). */
interface StoredFile {
  key: string;
  contentType: string;
}

/**
 * A request's receipt file, stored at most once however often the write runs, and removed again
 * only when the write that would refer to it certainly did not commit.
 */
class FileOnce {
  private stored: StoredFile | null = null;

  constructor(
    private readonly services: Services,
    private readonly file: UploadedFile | null,
  ) {}

  check(): void {
    if (this.file !== null) this.services.receipts.checkUpload(this.file);
  }

  async store(): Promise<StoredFile | null> {
    if (this.file === null) return null;
    this.stored ??= await this.services.receipts.store(
      this.services.receipts.checkUpload(this.file),
    );
    return this.stored;
  }

  async discard(): Promise<void> {
    if (this.stored === null) return;
    const key = this.stored.key;
    this.stored = null;
    await this.services.receipts.deleteFiles([key]);
  }
}

export class ExpenseService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Reads

  /** The expense row when `userId` may see (and so edit) it; 404 / 403 otherwise. */
  async requireAccess(db: Db, expenseId: number, userId: number, forUpdate = false) {
    const row = await findExpenseRow(db, expenseId, forUpdate);
    if (row === undefined) throw new NotFoundError(EXPENSE_NOT_FOUND);
    if (!(await canSeeExpense(db, row, userId))) throw new ForbiddenError(NO_EXPENSE_ACCESS);
    return row;
  }

  async get(callerId: number, expenseId: number): Promise<ExpenseView> {
    const db = this.deps.db;
    await this.requireAccess(db, expenseId, callerId);
    const [view] = await loadExpenseViews(db, [expenseId]);
    if (view === undefined) throw new NotFoundError(EXPENSE_NOT_FOUND);
    return view;
  }

  /** GET /expenses/my: the caller is a payer or in the split; groups still joined or none. */
  async listMine(
    callerId: number,
    limit: number,
    before: string | null,
  ): Promise<Page<ExpenseView>> {
    const cursor = before === null ? null : decodeCursor(before, createdAtCursorShape);
    const rows = await myExpensePage(
      this.deps.db,
      callerId,
      limit + 1,
      cursor === null ? null : { createdAt: cursor[0], id: cursor[1] },
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined ? encodeCursor([last.createdAt, last.id]) : null;
    const items = await loadExpenseViews(
      this.deps.db,
      page.map((r) => r.id),
    );
    return { items, nextCursor };
  }

  /** GET /groups/{id}/transactions: expenses and payments, newest date, createdAt, id first. */
  async groupTransactions(
    callerId: number,
    groupId: number,
    limit: number,
    before: string | null,
  ): Promise<Page<TransactionView>> {
    if (!isDbId(groupId)) throw new NotFoundError(GROUP_NOT_FOUND);
    const cursor = before === null ? null : decodeCursor(before, transactionCursorShape);
    const rows = await transactionPage(this.deps.db, groupId, callerId, limit + 1, cursor);
    if (rows === 'not-found') throw new NotFoundError(GROUP_NOT_FOUND);
    if (rows === 'not-member') throw new ForbiddenError(NOT_A_MEMBER);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined
        ? encodeCursor([last.date, last.createdAt, last.id, last.kind])
        : null;
    const items: TransactionView[] = page.map((r) =>
      r.kind === 'expense'
        ? { type: 'expense', expense: r.expense }
        : { type: 'payment', payment: r.payment },
    );
    return { items, nextCursor };
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  /**
   * POST /expenses. Most creations take two statements and no transaction: the context (with
   * the key's stored answer and the new ids), then one guarded write (ledger-guard.ts) that
   * checks again under its locks. When the facts changed in between, or the connection was lost
   * around the write of a keyed request, the creation runs again as a locking transaction.
   */
  async create(
    caller: Person,
    request: ExpenseRequest,
    idempotency: IdempotencyScope<ExpenseView> | null,
  ): Promise<WriteOutcome<ExpenseView>> {
    // A repeating expense: its series and occurrence 0 (modules/series).
    const recurrence = asRecord(request.data).recurrence;
    if (recurrence !== undefined && recurrence !== null) {
      return this.services.series.createWithFirst(caller, request, idempotency);
    }
    const draft = draftExpense(request.data, null);
    const files = new FileOnce(this.services, request.file);
    const lookup = memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date));
    try {
      const fast = await this.createInOneWrite(caller, draft, files, idempotency, lookup);
      const outcome = fast ?? (await this.createLocked(caller, draft, files, idempotency, lookup));
      // The key's earlier request won: this one's file is unused.
      if (outcome.kind === 'replayed') await files.discard();
      return outcome;
    } catch (e) {
      if (certainlyRolledBack(e)) await files.discard();
      throw e;
    }
  }

  /** The two-statement creation; null when it must run as a locking transaction instead. */
  private async createInOneWrite(
    caller: Person,
    draft: ExpenseDraft,
    files: FileOnce,
    idempotency: IdempotencyScope<ExpenseView> | null,
    lookup: RateLookup,
  ): Promise<WriteOutcome<ExpenseView> | null> {
    const db = this.deps.db;
    const prepared = await prepareLedgerWrite(db, {
      callerId: caller.id,
      groupId: draft.groupId,
      personIds: draft.personIds,
      key: idempotency?.ref ?? null,
      draw: { kind: 'expense', splits: draft.fields.ok ? draft.fields.value.splits.length : 0 },
    });
    if (prepared.stored !== null && idempotency !== null) {
      return { kind: 'replayed', stored: idempotency.replay(prepared.stored) };
    }
    const checked = checkExpense(caller.id, draft, prepared.context, null, () => files.check());
    const v = await this.inLedgerCurrency(checked, draft.data, todayOr(checked), null, lookup);
    const file = await files.store();
    const planned = this.plan(caller, v, file, prepared, new Date());
    let written: Awaited<ReturnType<typeof writeExpense>>;
    try {
      written = await writeExpense(
        db,
        planned.row,
        planned.change,
        planned.pairs,
        this.guardOf(caller.id, v, planned.view, idempotency, planned.now),
      );
    } catch (e) {
      // Rolled back (a deadlock) or, with a key, unknown: the locking path settles it.
      if (isRetryableTransactionError(e)) return null;
      if (idempotency !== null && isConnectionError(e)) return null;
      if (isConnectionError(e)) throw new CommitOutcomeUnknownError(e);
      throw e;
    }
    switch (written.verdict) {
      case 'written':
        this.deps.feed.kick({ stamp: true });
        if (written.spill !== null) this.deps.pairs.spilled([written.spill]);
        return { kind: 'done', value: planned.view };
      case 'key-busy':
        throw keyInProgress();
      case 'key-taken': {
        const stored = idempotency === null ? null : await storedAnswer(db, idempotency.ref);
        return stored === null || idempotency === null
          ? null
          : { kind: 'replayed', stored: idempotency.replay(stored) };
      }
      case 'facts-changed':
        return null;
    }
  }

  /** The creation as a transaction that takes its locks before it checks. */
  private async createLocked(
    caller: Person,
    draft: ExpenseDraft,
    files: FileOnce,
    idempotency: IdempotencyScope<ExpenseView> | null,
    lookup: RateLookup,
    link: LinkOccurrence | null = null,
  ): Promise<WriteOutcome<ExpenseView>> {
    return this.deps.transaction(async (tx): Promise<WriteOutcome<ExpenseView>> => {
      const stored = idempotency === null ? null : await idempotency.claim(tx);
      if (stored !== null) return { kind: 'replayed', stored };
      return this.createInTransaction(tx, caller, draft, files, idempotency, lookup, link);
    });
  }

  /**
   * POST /expenses with a `recurrence`: the series and its occurrence 0 (this expense) in one
   * locking transaction. `link` validates the recurrence against the expense and writes the
   * series row once the expense has passed its rules.
   */
  async createRecurring(
    caller: Person,
    request: ExpenseRequest,
    idempotency: IdempotencyScope<ExpenseView> | null,
    link: LinkOccurrence,
  ): Promise<WriteOutcome<ExpenseView>> {
    const draft = draftExpense(request.data, null);
    const files = new FileOnce(this.services, request.file);
    const lookup = memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date));
    try {
      const outcome = await this.createLocked(caller, draft, files, idempotency, lookup, link);
      if (outcome.kind === 'replayed') await files.discard();
      return outcome;
    } catch (e) {
      if (certainlyRolledBack(e)) await files.discard();
      throw e;
    }
  }

  /**
   * An occurrence of a series, created by the materializer inside its transaction (which holds
   * the series row) through the same checks and write as POST /expenses: ledger effects,
   * activity rows and the change feed. `data` is the series template with the occurrence's date.
   */
  async createOccurrence(
    tx: Db,
    creator: Person,
    data: unknown,
    link: OccurrenceLink,
  ): Promise<ExpenseView> {
    const draft = draftExpense(data, null);
    const files = new FileOnce(this.services, null);
    const lookup = memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date));
    const outcome = await this.createInTransaction(tx, creator, draft, files, null, lookup, () =>
      Promise.resolve(link),
    );
    if (outcome.kind !== 'done') throw new Error('occurrence creation replayed');
    return outcome.value;
  }

  /**
   * An expense created inside the caller's transaction through the same checks and write as
   * POST /expenses (ledger effects, activity rows, change feed); used by imports.
   */
  async createIn(tx: Db, creator: Person, data: unknown): Promise<ExpenseView> {
    const draft = draftExpense(data, null);
    const files = new FileOnce(this.services, null);
    const lookup = memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date));
    const outcome = await this.createInTransaction(tx, creator, draft, files, null, lookup, null);
    if (outcome.kind !== 'done') throw new Error('expense creation replayed');
    return outcome.value;
  }

  /** The locked creation's body, in the caller's transaction. */
  private async createInTransaction(
    tx: Db,
    caller: Person,
    draft: ExpenseDraft,
    files: FileOnce,
    idempotency: IdempotencyScope<ExpenseView> | null,
    lookup: RateLookup,
    link: LinkOccurrence | null,
  ): Promise<WriteOutcome<ExpenseView>> {
    await lockLedgerScope(tx, draft.groupId, caller.id, draft.personIds);
    const prepared = await prepareLedgerWrite(tx, {
      callerId: caller.id,
      groupId: draft.groupId,
      personIds: draft.personIds,
      key: null,
      draw: { kind: 'expense', splits: draft.fields.ok ? draft.fields.value.splits.length : 0 },
    });
    const checked = checkExpense(caller.id, draft, prepared.context, null, () => files.check());
    const v = await this.inLedgerCurrency(checked, draft.data, todayOr(checked), null, lookup);
    const occurrence = link === null ? null : await link(tx, v, todayOr(checked));
    // Stored once, even when the transaction runs again after a deadlock.
    const file = await files.store();
    const planned = this.plan(caller, v, file, prepared, new Date(), occurrence);
    const { verdict, spill } = await writeExpense(
      tx,
      planned.row,
      planned.change,
      planned.pairs,
      this.guardOf(caller.id, v, planned.view, idempotency, planned.now),
    );
    // Under the locks taken above the guard holds; anything else is a bug.
    if (verdict !== 'written') throw new Error(`locked expense write refused: ${verdict}`);
    noteChange(tx, planned.noted, { stored: true });
    if (spill !== null) noteSpill(tx, spill);
    return { kind: 'done', value: planned.view };
  }

  /** PUT /expenses/{id}; `guard`: its precondition and Idempotency-Key (ledger/edit-guard.ts). */
  async update(
    callerId: number,
    expenseId: number,
    request: ExpenseRequest,
    guard: EditGuard<ExpenseView> = NO_EDIT_GUARD,
  ): Promise<WriteOutcome<ExpenseView>> {
    const files = new FileOnce(this.services, request.file);
    const lookup = memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date));
    let replaced: string | null = null;
    let outcome: WriteOutcome<ExpenseView>;
    try {
      outcome = await this.deps.transaction(async (tx) =>
        guardedEdit(tx, guard, async () => {
          const out = await this.updateInTransaction(
            tx,
            callerId,
            expenseId,
            request.data,
            files,
            lookup,
            guard.expectedUpdatedAt,
          );
          replaced = out.replacedKey;
          return out.view;
        }),
      );
    } catch (e) {
      if (certainlyRolledBack(e)) await files.discard();
      throw e;
    }
    // The replaced file goes only once the edit has committed.
    await this.services.receipts.deleteFiles([replaced]);
    return outcome;
  }

  /**
   * PUT /expenses/{id}?scope=future: `edit` runs in one transaction with a helper that edits
   * one expense as PUT does (the receipt only on the first); the series code decides which.
   */
  async updateMany(
    request: ExpenseRequest,
    edit: (
      tx: Db,
      editOne: (callerId: number, expenseId: number, data: unknown) => Promise<ExpenseView>,
    ) => Promise<ExpenseView>,
    /** Its precondition is about the first expense edited (the one named in the path). */
    guard: EditGuard<ExpenseView> = NO_EDIT_GUARD,
  ): Promise<WriteOutcome<ExpenseView>> {
    const files = new FileOnce(this.services, request.file);
    const none = new FileOnce(this.services, null);
    const lookup = memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date));
    const replaced: (string | null)[] = [];
    let outcome: WriteOutcome<ExpenseView>;
    try {
      outcome = await this.deps.transaction(async (tx) => {
        replaced.length = 0;
        let first = true;
        return guardedEdit(tx, guard, () =>
          edit(tx, async (callerId, expenseId, data) => {
            const out = await this.updateInTransaction(
              tx,
              callerId,
              expenseId,
              data,
              first ? files : none,
              lookup,
              first ? guard.expectedUpdatedAt : null,
            );
            first = false;
            replaced.push(out.replacedKey);
            return out.view;
          }),
        );
      });
    } catch (e) {
      if (certainlyRolledBack(e)) await files.discard();
      throw e;
    }
    await this.services.receipts.deleteFiles(replaced);
    return outcome;
  }

  /** PUT's body in the caller's transaction; the receipt key it replaced, if any. */
  private async updateInTransaction(
    tx: Db,
    callerId: number,
    expenseId: number,
    data: unknown,
    files: FileOnce,
    lookup: RateLookup,
    expectedUpdatedAt: Date | null = null,
  ): Promise<{ view: ExpenseView; replacedKey: string | null }> {
    let replacedKey: string | null = null;
    // The row lock serializes concurrent edits and deletes of the same expense (§5.9).
    const row = await this.requireAccess(tx, expenseId, callerId, true);
    checkUnchanged(row, expectedUpdatedAt, MSG_EXPENSE_EDIT_CONFLICT);
    const existing = this.existing(row);
    const draft = draftExpense(data, existing);
    await lockLedgerScope(tx, row.groupId, callerId, draft.personIds);
    const ctx = await readLedgerContext(tx, callerId, row.groupId, draft.personIds);
    const checked = checkExpense(callerId, draft, ctx, existing, () => files.check());
    const stored = originalOfRow(row);
    const v = await this.inLedgerCurrency(
      checked,
      draft.data,
      checked.input.date ?? row.date,
      stored === null
        ? null
        : {
            conversion: {
              fromCurrency: stored.currency,
              originalCents: stored.amountCents,
              rate: stored.rate,
              source: stored.source,
              rateDate: stored.rateDate,
            },
            convertedCents: row.amountCents,
          },
      lookup,
    );
    const file = await files.store();
    let receiptKey = row.receiptKey;
    let receiptContentType = row.receiptContentType;
    if (file !== null) {
      replacedKey = row.receiptKey;
      receiptKey = file.key;
      receiptContentType = file.contentType;
    } else if (v.input.removeReceipt) {
      replacedKey = row.receiptKey;
      receiptKey = null;
      receiptContentType = null;
    }
    await swapEffect(
      tx,
      row.groupId,
      { currency: row.currency, debts: expenseEffectDebts(existing.payers, existing.splits) },
      { currency: v.currency, debts: expenseEffectDebts(v.payers, v.splits) },
    );
    const updated = await updateExpenseRow(tx, row.id, {
      description: v.input.description,
      amountCents: v.input.amount,
      currency: v.currency,
      date: v.input.date ?? row.date,
      splitType: v.input.splitType,
      notes: v.input.notes,
      // Not given: the edit keeps the category (clients that predate categories lose nothing).
      category: v.input.category ?? toCategoryId(row.category),
      receiptKey,
      receiptContentType,
      updatedAt: new Date(),
      ...originalColumns(v.original),
    });
    await replaceParticipants(tx, row.id, v.payers, v.splits);
    const oldEffects = expensePersonEffects(existing.payers, existing.splits);
    const newEffects = expensePersonEffects(v.payers, v.splits);
    const recipients =
      v.group === null
        ? [...new Set([...oldEffects.keys(), ...newEffects.keys()])]
        : (await currentMembers(tx, v.group.id)).map((m) => m.id);
    await this.record(tx, 'expense_updated', 'updated', callerId, {
      ...updated,
      group: v.group,
      recipients,
      affected: [...oldEffects.keys(), ...newEffects.keys()],
      myShare: (u) => (newEffects.get(u) ?? 0) - (oldEffects.get(u) ?? 0),
    });
    const [out] = await loadExpenseViews(tx, [row.id]);
    if (out === undefined) throw new Error('expense vanished');
    return { view: out, replacedKey };
  }

  /**
   * DELETE /expenses/{id}: takes the expense's effect off the balances and hides it from every
   * reader, keeping it whole (payers, splits, comments, receipt file) so that it can be restored
   * until the purge job removes it (modules/ledger/purge-deleted.ts).
   */
  async remove(callerId: number, expenseId: number): Promise<void> {
    await this.deps.transaction(async (tx) => {
      const row = await this.requireAccess(tx, expenseId, callerId, true);
      const { payers, splits } = participantsOfRow(row);
      await applyEffect(
        tx,
        row.groupId,
        { currency: row.currency, debts: expenseEffectDebts(payers, splits) },
        -1,
      );
      const group = row.groupId === null ? null : ((await findGroup(tx, row.groupId)) ?? null);
      const recipients =
        group === null
          ? await participantIds(tx, row.id)
          : (await currentMembers(tx, group.id)).map((m) => m.id);
      const old = expensePersonEffects(payers, splits);
      await markExpenseDeleted(tx, row.id, new Date());
      await this.record(tx, 'expense_deleted', 'deleted', callerId, {
        ...row,
        group,
        recipients,
        affected: [...old.keys()],
        myShare: (u) => -(old.get(u) ?? 0),
      });
    });
  }

  /**
   * POST /expenses/{id}/restore: puts a deleted expense back exactly as it was (same id, payers,
   * splits, comments, receipt, series slot) and its effect on the balances with it, in one
   * transaction with its activity row and change. Restoring a live expense answers it as it is.
   * 404 for an unknown id or one the caller was never shown, 403 for a former member of its
   * group, 409 NOT_RESTORABLE when it can no longer be written (restore-rules.ts).
   */
  async restore(callerId: number, expenseId: number): Promise<ExpenseView> {
    return this.deps.transaction(async (tx) => {
      // The row lock first, as edits and deletes take it: one of them waits for the other.
      const row = await findExpenseRow(tx, expenseId, true, true);
      if (row === undefined) throw new NotFoundError(EXPENSE_NOT_FOUND);
      const { payers, splits } = participantsOfRow(row);
      const personIds = [...new Set([...payers, ...splits].map((p) => p.userId))];
      const standing = row.groupId === null ? null : await groupStanding(tx, row.groupId, callerId);
      checkRestoreAccess({ groupId: row.groupId, personIds }, callerId, standing, {
        notFound: EXPENSE_NOT_FOUND,
        noAccess: NO_EXPENSE_ACCESS,
      });
      if (row.deletedAt !== null) {
        const facts = await readRestoreFacts(tx, callerId, row, personIds);
        checkRestorable('expense', { ...row, personIds }, callerId, facts);
        await applyEffect(
          tx,
          row.groupId,
          { currency: row.currency, debts: expenseEffectDebts(payers, splits) },
          1,
        );
        await unmarkExpenseDeleted(tx, row.id);
        const effect = expensePersonEffects(payers, splits);
        await this.record(tx, 'expense_restored', 'created', callerId, {
          ...row,
          group: facts.group,
          recipients: facts.group === null ? personIds : facts.memberIds,
          affected: personIds,
          myShare: (u) => effect.get(u) ?? 0,
        });
      }
      const [view] = await loadExpenseViews(tx, [row.id]);
      if (view === undefined) throw new Error('expense vanished');
      return view;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  private existing(row: ExpenseRow): ExistingParticipants {
    return {
      groupId: row.groupId,
      currency: row.currency,
      enteredCurrency: row.originalCurrency ?? row.currency,
      ...participantsOfRow(row),
    };
  }

  /**
   * The checked expense in the currency its balances are kept in. Entered in another currency
   * (a CONVERT group), its total is converted once (rate from the request, the stored one on an
   * edit, or the rate service for `date`) and the payers' and the splits' amounts are carried
   * over in proportion, so each side sums exactly to the converted total.
   */
  private async inLedgerCurrency(
    v: CheckedExpense,
    data: unknown,
    date: string,
    stored: { conversion: StoredConversion; convertedCents: number } | null,
    lookup: RateLookup,
  ): Promise<LedgerExpense> {
    if (v.ledgerCurrency === v.currency) return { ...v, original: null };
    const ask = readRateAsk(data, v.ledgerCurrency);
    const c = await resolveConversion(
      v.input.amount,
      v.currency,
      v.ledgerCurrency,
      date,
      ask,
      stored?.conversion ?? null,
      stored?.convertedCents ?? null,
      lookup,
    );
    if (c.convertedCents <= 0) {
      throw new ValidationError(MSG_CONVERTED_TOO_SMALL, [
        { field: 'exchangeRate', message: MSG_CONVERTED_TOO_SMALL },
      ]);
    }
    const paid = convertParts(
      c.convertedCents,
      v.payers.map((p) => p.amountPaidCents),
    );
    const owed = convertParts(
      c.convertedCents,
      v.splits.map((s) => s.owedCents),
    );
    return {
      ...v,
      currency: v.ledgerCurrency,
      input: { ...v.input, amount: c.convertedCents },
      payers: v.payers.map((p, i) => ({ ...p, amountPaidCents: paid[i] ?? (0 as Cents) })),
      splits: v.splits.map((s, i) => ({ ...s, owedCents: owed[i] ?? (0 as Cents) })),
      original: {
        currency: v.currency,
        amountCents: v.input.amount,
        payerCents: v.payers.map((p) => p.amountPaidCents),
        splitCents: v.splits.map((s) => s.owedCents),
        rate: formatExchangeRate(c.rate),
        source: c.source,
        rateDate: c.rateDate,
      },
    };
  }

  /** What a checked new expense writes, and its view (built here: nothing is read back). */
  private plan(
    caller: Person,
    v: LedgerExpense,
    file: StoredFile | null,
    prepared: PreparedWrite,
    now: Date,
    occurrence: OccurrenceLink | null = null,
  ) {
    if (prepared.newId === null || prepared.splitIds.length !== v.splits.length) {
      throw new Error('expense ids were not drawn');
    }
    const date = v.input.date ?? todayUtc();
    const groupId = v.group?.id ?? null;
    const effect = expensePersonEffects(v.payers, v.splits);
    const recipients =
      groupId === null
        ? [...new Set([...v.payers, ...v.splits].map((p) => p.userId))]
        : v.memberIds;
    const change = {
      ...changeArrays({ recipients, myShare: (u) => effect.get(u) ?? 0 }),
      affected: [...effect.keys()],
    };
    const row: NewExpenseWrite = {
      id: prepared.newId,
      splitIds: prepared.splitIds,
      groupId,
      groupName: v.group?.name ?? null,
      description: v.input.description,
      amountCents: v.input.amount,
      currency: v.currency,
      date,
      splitType: v.input.splitType,
      notes: v.input.notes,
      category: v.input.category ?? DEFAULT_CATEGORY,
      receiptKey: file?.key ?? null,
      receiptContentType: file?.contentType ?? null,
      createdById: caller.id,
      createdAt: now,
      payers: v.payers,
      splits: v.splits,
      original: v.original,
      seriesId: occurrence?.seriesId ?? null,
      occurrenceDate: occurrence?.date ?? null,
    };
    const person = (id: number): Person =>
      v.people.get(id) ?? (id === caller.id ? caller : { id, name: '', email: '' });
    // Timestamps as stored (PostgreSQL keeps microseconds; this clock gives milliseconds).
    const view: ExpenseView = {
      id: row.id,
      groupId,
      description: row.description,
      amountCents: row.amountCents,
      currency: row.currency,
      date,
      splitType: row.splitType,
      notes: row.notes,
      category: row.category,
      receiptKey: row.receiptKey,
      createdAt: now,
      updatedAt: now,
      createdBy: person(caller.id),
      payers: v.payers.map((p) => ({ user: person(p.userId), amountPaidCents: p.amountPaidCents })),
      splits: v.splits.map((s, i) => ({
        splitId: row.splitIds[i] ?? 0,
        owedBy: person(s.userId),
        owedCents: s.owedCents,
        value: s.value,
      })),
      commentCount: 0,
      original: v.original,
      series: occurrence?.summary ?? null,
      occurrenceDate: occurrence?.date ?? null,
    };
    const noted: Change = {
      entity: 'expense',
      action: 'created',
      id: row.id,
      groupId,
      recipients: change.recipients,
      affected: change.affected,
      at: now,
    };
    return {
      row,
      change,
      pairs: pairDeltaArgs(groupId, v.currency, expenseEffectDebts(v.payers, v.splits), 1),
      view,
      noted,
      now,
    };
  }

  /** What the write statement must find true under its locks (ledger-guard.ts). */
  private guardOf(
    callerId: number,
    v: CheckedExpense,
    view: ExpenseView,
    idempotency: IdempotencyScope<ExpenseView> | null,
    now: Date,
  ): GuardValues {
    const named = [...new Set([...v.payers, ...v.splits].map((p) => p.userId))];
    return {
      groupId: v.group?.id ?? null,
      callerId,
      currency: groupCurrencyKey(v.group),
      members: v.group === null ? [] : named,
      friends: v.group === null ? named : [],
      key: idempotency?.toStore(view, now) ?? null,
      now,
    };
  }

  /** Activity rows and the change of an expense write. */
  private async record(
    tx: Db,
    type: ActivityType,
    action: ChangeAction,
    actorId: number,
    e: {
      id: number;
      description: string;
      amountCents: number;
      currency: string;
      category: string;
      group: GroupRow | null;
      recipients: readonly number[];
      /** Everyone whose balance the change moves (payers and split people, old and new). */
      affected: readonly number[];
      myShare: (userId: number) => number;
    },
  ): Promise<void> {
    await recordChange(tx, {
      type,
      actorId,
      group: e.group,
      expenseId: e.id,
      description: e.description,
      amountCents: e.amountCents,
      currency: e.currency,
      category: toCategoryId(e.category),
      recipients: e.recipients,
      myShare: e.myShare,
      notification: {
        entity: 'expense',
        action,
        id: e.id,
        groupId: e.group?.id ?? null,
        affected: [...e.affected],
      },
    });
  }
}
