// ExpenseService: expenses (contract §4.4) and the group transaction list (§4.3). Each write is
// one transaction (db/transaction.ts): it takes its locks (modules/ledger/ledger-locks.ts), reads
// what the rules check, applies the rules (expense-rules.ts), and writes the row with its ledger
// effects (modules/ledger/ledger-effects.ts), activity and change-feed row.
import type { Db } from '../../db/database.js';
import { pairDeltaArgs } from '../../db/pair-slots.js';
import { certainlyRolledBack, noteChange } from '../../db/transaction.js';
import { createdAtCursorShape, decodeCursor, encodeCursor } from '../../http/cursor.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import type { ServiceDeps, Services } from '../../services.js';
import type { ActivityType } from '../activity/activity.repository.js';
import { changeArrays, recordChange } from '../activity/record-change.js';
import type { ChangeAction } from '../../db/change-feed.js';
import type { GroupRow } from '../groups/membership.repository.js';
import {
  currentMembers,
  findGroup,
  GROUP_NOT_FOUND,
  NOT_A_MEMBER,
} from '../groups/membership.repository.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/idempotency.js';
import {
  applyEffect,
  expenseEffectDebts,
  expensePersonEffects,
  swapEffect,
} from '../ledger/ledger-effects.js';
import { readLedgerContext } from '../ledger/ledger-context.js';
import { lockLedgerScope } from '../ledger/ledger-locks.js';
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
import type { CheckedExpense, ExistingParticipants } from './expense-rules.js';
import { checkExpense, draftExpense } from './expense-rules.js';
import {
  deleteExpenseRow,
  insertExpenseWithEffects,
  loadExpenseViews,
  myExpensePage,
  replaceParticipants,
  storedPayers,
  storedSplits,
  updateExpenseRow,
} from './expense.repository.js';
import type { ExpenseRow, ExpenseView, Person } from './expense.repository.js';
import { transactionCursorShape, transactionPage } from './transactions.repository.js';

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
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

/** A receipt file stored for a write (removed again only if the write certainly rolled back). */
interface StoredFile {
  key: string;
  contentType: string;
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

  async create(
    caller: Person,
    request: ExpenseRequest,
    idempotency: IdempotencyScope<ExpenseView> | null,
  ): Promise<WriteOutcome<ExpenseView>> {
    const callerId = caller.id;
    const draft = draftExpense(request.data, null);
    let file: StoredFile | null = null;
    try {
      const outcome = await this.deps.transaction(
        async (tx): Promise<WriteOutcome<ExpenseView>> => {
          const stored = idempotency === null ? null : await idempotency.claim(tx);
          if (stored !== null) return { kind: 'replayed', stored };
          await lockLedgerScope(tx, draft.groupId, callerId, draft.personIds);
          const ctx = await readLedgerContext(tx, callerId, draft.groupId, draft.personIds);
          const v = checkExpense(callerId, draft, ctx, null, () => this.checkFile(request.file));
          // Stored once, even when the transaction runs again after a deadlock.
          file ??= await this.storeFile(request.file);
          const view = await this.insert(tx, caller, v, file);
          if (idempotency !== null) await idempotency.complete(tx, view);
          return { kind: 'done', value: view };
        },
      );
      // Another request with the key committed between two attempts: this file is unused.
      if (outcome.kind === 'replayed' && file !== null) await this.deleteFile(file);
      return outcome;
    } catch (e) {
      if (file !== null && certainlyRolledBack(e)) await this.deleteFile(file);
      throw e;
    }
  }

  async update(callerId: number, expenseId: number, request: ExpenseRequest): Promise<ExpenseView> {
    let file: StoredFile | null = null;
    let replacedKey: string | null = null;
    let view: ExpenseView;
    try {
      view = await this.deps.transaction(async (tx) => {
        replacedKey = null;
        // The row lock serializes concurrent edits and deletes of the same expense (§5.9).
        const row = await this.requireAccess(tx, expenseId, callerId, true);
        const existing = await this.existing(tx, row);
        const draft = draftExpense(request.data, existing);
        await lockLedgerScope(tx, row.groupId, callerId, draft.personIds);
        const ctx = await readLedgerContext(tx, callerId, row.groupId, draft.personIds);
        const v = checkExpense(callerId, draft, ctx, existing, () => this.checkFile(request.file));
        file ??= await this.storeFile(request.file);
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
          receiptKey,
          receiptContentType,
          updatedAt: new Date(),
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
        return out;
      });
    } catch (e) {
      if (file !== null && certainlyRolledBack(e)) await this.deleteFile(file);
      throw e;
    }
    // The replaced file goes only once the edit has committed.
    await this.services.receipts.deleteFiles([replacedKey]);
    return view;
  }

  async remove(callerId: number, expenseId: number): Promise<void> {
    const key = await this.deps.transaction(async (tx) => {
      const row = await this.requireAccess(tx, expenseId, callerId, true);
      const payers = await storedPayers(tx, row.id);
      const splits = await storedSplits(tx, row.id);
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
      await deleteExpenseRow(tx, row.id);
      await this.record(tx, 'expense_deleted', 'deleted', callerId, {
        ...row,
        group,
        recipients,
        affected: [...old.keys()],
        myShare: (u) => -(old.get(u) ?? 0),
      });
      return row.receiptKey;
    });
    await this.services.receipts.deleteFiles([key]);
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  private checkFile(file: UploadedFile | null): void {
    if (file !== null) this.services.receipts.checkUpload(file);
  }

  private async storeFile(file: UploadedFile | null): Promise<StoredFile | null> {
    if (file === null) return null;
    return this.services.receipts.store(this.services.receipts.checkUpload(file));
  }

  private async deleteFile(file: StoredFile): Promise<void> {
    await this.services.receipts.deleteFiles([file.key]);
  }

  private async existing(tx: Db, row: ExpenseRow): Promise<ExistingParticipants> {
    return {
      groupId: row.groupId,
      currency: row.currency,
      payers: await storedPayers(tx, row.id),
      splits: await storedSplits(tx, row.id),
    };
  }

  /** Writes a checked new expense with its effects in one statement; its view, without a read. */
  private async insert(
    tx: Db,
    caller: Person,
    v: CheckedExpense,
    file: StoredFile | null,
  ): Promise<ExpenseView> {
    const now = new Date();
    const date = v.input.date ?? todayUtc();
    const groupId = v.group?.id ?? null;
    const effect = expensePersonEffects(v.payers, v.splits);
    const recipients =
      groupId === null
        ? [...new Set([...v.payers, ...v.splits].map((p) => p.userId))]
        : v.memberIds;
    const change = changeArrays({ recipients, myShare: (u) => effect.get(u) ?? 0 });
    const inserted = await insertExpenseWithEffects(
      tx,
      {
        groupId,
        groupName: v.group?.name ?? null,
        description: v.input.description,
        amountCents: v.input.amount,
        currency: v.currency,
        date,
        splitType: v.input.splitType,
        notes: v.input.notes,
        receiptKey: file?.key ?? null,
        receiptContentType: file?.contentType ?? null,
        createdById: caller.id,
        createdAt: now,
        payers: v.payers,
        splits: v.splits,
      },
      { ...change, affected: [...effect.keys()] },
      pairDeltaArgs(groupId, v.currency, expenseEffectDebts(v.payers, v.splits), 1),
    );
    noteChange(
      tx,
      {
        entity: 'expense',
        action: 'created',
        id: inserted.id,
        groupId,
        recipients: change.recipients,
        affected: [...effect.keys()],
        at: now,
      },
      { stored: true },
    );
    const person = (id: number): Person =>
      v.people.get(id) ?? (id === caller.id ? caller : { id, name: '', email: '' });
    return {
      id: inserted.id,
      groupId,
      description: v.input.description,
      amountCents: v.input.amount,
      currency: v.currency,
      date,
      splitType: v.input.splitType,
      notes: v.input.notes,
      receiptKey: file?.key ?? null,
      createdAt: inserted.createdAt,
      updatedAt: inserted.createdAt,
      createdBy: person(caller.id),
      payers: v.payers.map((p) => ({ user: person(p.userId), amountPaidCents: p.amountPaidCents })),
      splits: v.splits.map((s, i) => ({
        splitId: inserted.splitIds[i] ?? 0,
        owedBy: person(s.userId),
        owedCents: s.owedCents,
        value: s.value,
      })),
      commentCount: 0,
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
