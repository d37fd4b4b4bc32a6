// ExpenseService: expenses (contract §4.4), the group transaction list (§4.3) and the expense
// side of activity and change events. Every write runs in one transaction together with its
// pair_balances bookkeeping, activity rows and notification (§5.9).
import {
  asRecord,
  checkExpenseRules,
  computeShares,
  expenseDebts,
  formatCents,
  formatIssuePath,
  toId,
  validateExpenseFields,
} from '@evenly/core';
import type { Cents, Debt, ExpenseInput, Share, ValidationIssue } from '@evenly/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { expenses } from '../../db/schema.js';
import {
  ForbiddenError,
  NotFoundError,
  NotFriendsError,
  NotGroupMemberError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { ServiceDeps, Services } from '../../services.js';
import { changeArrays, recordChange } from '../activity/record-change.js';
import type { ActivityType } from '../activity/activity.repository.js';
import { applyDebts, pairDeltaArgs } from '../balances/pair-balances.repository.js';
import type { Change, ChangeAction } from '../events/change-notifier.js';
import { notifyChange } from '../events/change-notifier.js';
import type { GroupRow } from '../groups/membership.repository.js';
import {
  currentMembers,
  findGroup,
  GROUP_NOT_FOUND,
  NOT_A_MEMBER,
} from '../groups/membership.repository.js';
import type { PaymentView } from '../payments/payment.repository.js';
import type { UploadedFile } from '../receipts/receipt.service.js';
import { checkText, DATE_TEXT, decodeCursor, encodeCursor, TIMESTAMP_TEXT } from './cursor.js';
import {
  canSeeExpense,
  EXPENSE_NOT_FOUND,
  findExpenseRow,
  isDbId,
  NO_EXPENSE_ACCESS,
  participantIds,
} from './expense-access.js';
import { loadExpenseContext } from './expense-context.js';
import {
  insertExpenseWithEffects,
  loadExpenseViews,
  replaceParticipants,
  storedPayers,
  storedSplits,
} from './expense.repository.js';
import type {
  ExpenseRow,
  ExpenseView,
  Person,
  StoredPayer,
  StoredSplit,
} from './expense.repository.js';
import type { Cursor } from './transactions.repository.js';
import { transactionPage } from './transactions.repository.js';

export const EXPENSE_MESSAGES_API = {
  dataRequired: 'expenseData is required.',
  moved: 'An expense cannot be moved to another group.',
  unknownPerson: 'One of the selected people does not exist.',
  callerNotInvolved: 'You must be a payer or part of the split.',
  needsFriend: 'A non-group expense must include at least one friend.',
  notFriends: 'You can only share non-group expenses with your friends.',
} as const;

export function groupCurrencyMessage(currency: string): string {
  return `Expenses and payments in this group must be in ${currency}.`;
}

export function issuesError(issues: readonly ValidationIssue[]): ValidationError {
  const details = issues.map((i) => ({ field: formatIssuePath(i.path), message: i.message }));
  return new ValidationError(details[0]?.message ?? 'The request is not valid.', details);
}

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

/** Stored typed value beside the cents: EXACT money, PERCENTAGE percent, SHARE count. */
function valueText(input: ExpenseInput, value: number | null): string | null {
  if (value === null || input.splitType === 'EQUAL') return null;
  if (input.splitType === 'EXACT') return formatCents(value);
  return String(value);
}

/** Each person's balance effect of an expense: paid − owed (+ = gets back). */
function effects(
  payers: readonly StoredPayer[],
  splits: readonly StoredSplit[],
): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of payers) out.set(p.userId, (out.get(p.userId) ?? 0) + p.amountPaidCents);
  for (const s of splits) out.set(s.userId, (out.get(s.userId) ?? 0) - s.owedCents);
  return out;
}

function debtsOf(payers: readonly StoredPayer[], splits: readonly StoredSplit[]) {
  return expenseDebts(
    payers.map((p) => ({ userId: p.userId, paidCents: p.amountPaidCents as Cents })),
    splits.map((s): Share => ({ userId: s.userId, owedCents: s.owedCents as Cents })),
  );
}

/**
 * Swaps an old effect for a new one on pair_balances. In one currency both go in one sorted
 * batch, so concurrent writers always lock pair rows in key order (no deadlocks).
 */
export async function replaceEffect(
  tx: Db,
  groupId: number | null,
  old: { currency: string; debts: Debt[] },
  next: { currency: string; debts: Debt[] },
): Promise<void> {
  if (old.currency === next.currency) {
    const reversed = old.debts.map((d) => ({ from: d.to, to: d.from, cents: d.cents }));
    await applyDebts(tx, groupId, next.currency, [...reversed, ...next.debts], 1);
    return;
  }
  await applyDebts(tx, groupId, old.currency, old.debts, -1);
  await applyDebts(tx, groupId, next.currency, next.debts, 1);
}

interface Validated {
  input: ExpenseInput;
  group: GroupRow | null;
  currency: string;
  /** The people the request names. */
  people: Map<number, Person>;
  /** Current members of the group in joining order (empty outside groups). */
  memberIds: number[];
  payers: StoredPayer[];
  splits: StoredSplit[];
}

interface ExistingExpense {
  row: ExpenseRow;
  payers: StoredPayer[];
  splits: StoredSplit[];
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
    let cond = sql``;
    if (before !== null) {
      const [c, id] = decodeCursor(before, ['s', 'n']) as [string, number];
      cond = sql`and (e.created_at, e.id) < (${checkText(c, TIMESTAMP_TEXT)}::timestamptz, ${id})`;
    }
    const rows = await queryRows<{ id: number; c: string }>(
      this.deps.db,
      sql`select e.id, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c
          from expenses e
          where (exists (select 1 from expense_payers p where p.expense_id = e.id and p.user_id = ${callerId})
              or exists (select 1 from expense_splits s where s.expense_id = e.id and s.user_id = ${callerId}))
            and (e.group_id is null or exists (select 1 from group_members m
                 where m.group_id = e.group_id and m.user_id = ${callerId} and m.left_at is null))
            ${cond}
          order by e.created_at desc, e.id desc
          limit ${limit + 1}`,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined ? encodeCursor([last.c, Number(last.id)]) : null;
    const items = await loadExpenseViews(
      this.deps.db,
      page.map((r) => Number(r.id)),
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
    let cursor: Cursor | null = null;
    if (before !== null) {
      const [d, c, id, kind] = decodeCursor(before, ['s', 's', 'n', 's']) as [
        string,
        string,
        number,
        string,
      ];
      if (kind !== 'expense' && kind !== 'payment') decodeCursor('!', ['s']);
      cursor = {
        date: checkText(d, DATE_TEXT),
        createdAt: checkText(c, TIMESTAMP_TEXT),
        id,
        kind: kind as Cursor['kind'],
      };
    }
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
    beforeCommit?: (tx: Db, view: ExpenseView) => Promise<void>,
  ): Promise<ExpenseView> {
    const callerId = caller.id;
    let storedKey: string | null = null;
    let storedType: string | null = null;
    // Everything the expense writes goes in one statement (insertExpenseWithEffects), which is a
    // transaction of its own; an explicit one is needed only when the idempotency record must
    // commit with it. Either way the change is published after the commit.
    const write = async (tx: Db): Promise<{ view: ExpenseView; change: Change }> => {
      const v = await this.validate(tx, callerId, request.data, null, request.file);
      if (request.file !== null) {
        const checked = this.services.receipts.checkUpload(request.file);
        const stored = await this.services.receipts.store(checked);
        storedKey = stored.key;
        storedType = stored.contentType;
      }
      const now = new Date();
      const date = v.input.date ?? todayUtc();
      const groupId = v.group?.id ?? null;
      const recipients =
        groupId === null
          ? [...new Set([...v.payers, ...v.splits].map((p) => p.userId))]
          : v.memberIds;
      const effect = effects(v.payers, v.splits);
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
          receiptKey: storedKey,
          receiptContentType: storedType,
          createdById: callerId,
          createdAt: now,
          payers: v.payers,
          splits: v.splits,
        },
        changeArrays({ recipients, myShare: (u) => effect.get(u) ?? 0 }),
        pairDeltaArgs(groupId, v.currency, debtsOf(v.payers, v.splits), 1),
      );
      const id = inserted.id;
      const change: Change = {
        entity: 'expense',
        action: 'created',
        id,
        groupId,
        recipients,
        affected: [...effect.keys()],
        at: now,
      };
      // The view from what was just written: no read-back.
      const person = (id: number): Person =>
        v.people.get(id) ?? (id === callerId ? caller : { id, name: '', email: '' });
      const view: ExpenseView = {
        id,
        groupId,
        description: v.input.description,
        amountCents: v.input.amount,
        currency: v.currency,
        date,
        splitType: v.input.splitType,
        notes: v.input.notes,
        receiptKey: storedKey,
        createdAt: inserted.createdAt,
        updatedAt: inserted.createdAt,
        createdBy: person(callerId),
        payers: v.payers.map((p) => ({
          user: person(p.userId),
          amountPaidCents: p.amountPaidCents,
        })),
        splits: v.splits.map((s, i) => ({
          splitId: inserted.splitIds[i] ?? 0,
          owedBy: person(s.userId),
          owedCents: s.owedCents,
          value: s.value,
        })),
        commentCount: 0,
      };
      if (beforeCommit !== undefined) await beforeCommit(tx, view);
      return { view, change };
    };
    try {
      if (beforeCommit === undefined) {
        const { view, change } = await write(this.deps.db);
        await this.deps.committed([change]);
        return view;
      }
      return await this.deps.transaction(async (tx) => {
        const { view, change } = await write(tx);
        notifyChange(tx, change);
        return view;
      });
    } catch (e) {
      await this.services.receipts.deleteFiles([storedKey]);
      throw e;
    }
  }

  async update(callerId: number, expenseId: number, request: ExpenseRequest): Promise<ExpenseView> {
    let storedKey: string | null = null;
    let oldKeyToDelete: string | null = null;
    let view: ExpenseView;
    try {
      view = await this.deps.transaction(async (tx) => {
        // The row lock serializes concurrent edits and deletes of the same expense (§5.9).
        const row = await this.requireAccess(tx, expenseId, callerId, true);
        const existing: ExistingExpense = {
          row,
          payers: await storedPayers(tx, row.id),
          splits: await storedSplits(tx, row.id),
        };
        const v = await this.validate(tx, callerId, request.data, existing, request.file);
        let receiptKey = row.receiptKey;
        let receiptContentType = row.receiptContentType;
        if (request.file !== null) {
          const checked = this.services.receipts.checkUpload(request.file);
          const stored = await this.services.receipts.store(checked);
          storedKey = stored.key;
          oldKeyToDelete = row.receiptKey;
          receiptKey = stored.key;
          receiptContentType = stored.contentType;
        } else if (v.input.removeReceipt) {
          oldKeyToDelete = row.receiptKey;
          receiptKey = null;
          receiptContentType = null;
        }
        await replaceEffect(
          tx,
          row.groupId,
          { currency: row.currency, debts: debtsOf(existing.payers, existing.splits) },
          { currency: v.currency, debts: debtsOf(v.payers, v.splits) },
        );
        const [updated] = await tx
          .update(expenses)
          .set({
            description: v.input.description,
            amountCents: v.input.amount,
            currency: v.currency,
            date: v.input.date ?? row.date,
            splitType: v.input.splitType,
            notes: v.input.notes,
            receiptKey,
            receiptContentType,
            updatedAt: new Date(),
          })
          .where(eq(expenses.id, row.id))
          .returning();
        if (updated === undefined) throw new Error('expense vanished');
        await replaceParticipants(tx, row.id, v.payers, v.splits);
        const oldEffects = effects(existing.payers, existing.splits);
        const newEffects = effects(v.payers, v.splits);
        const recipients =
          v.group === null
            ? [
                ...new Set(
                  [...existing.payers, ...existing.splits, ...v.payers, ...v.splits].map(
                    (p) => p.userId,
                  ),
                ),
              ]
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
      await this.services.receipts.deleteFiles([storedKey]);
      throw e;
    }
    await this.services.receipts.deleteFiles([oldKeyToDelete]);
    return view;
  }

  async remove(callerId: number, expenseId: number): Promise<void> {
    const key = await this.deps.transaction(async (tx) => {
      const row = await this.requireAccess(tx, expenseId, callerId, true);
      const payers = await storedPayers(tx, row.id);
      const splits = await storedSplits(tx, row.id);
      await applyDebts(tx, row.groupId, row.currency, debtsOf(payers, splits), -1);
      const group = row.groupId === null ? null : ((await findGroup(tx, row.groupId)) ?? null);
      const recipients =
        group === null
          ? await participantIds(tx, row.id)
          : (await currentMembers(tx, group.id)).map((m) => m.id);
      const old = effects(payers, splits);
      await tx.delete(expenses).where(eq(expenses.id, row.id));
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

  /** Activity rows and the change event of an expense write (one round trip). */
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
      at?: Date;
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
      ...(e.at === undefined ? {} : { at: e.at }),
    });
  }

  /**
   * §4.4 in order: group (404/403), moved group, field shapes, currency, rules 1–6. The database
   * facts behind the checks come in one round trip (expense-context.ts).
   */
  private async validate(
    tx: Db,
    callerId: number,
    data: unknown,
    existing: ExistingExpense | null,
    file: UploadedFile | null,
  ): Promise<Validated> {
    if (data === undefined || data === null) {
      throw new ValidationError(EXPENSE_MESSAGES_API.dataRequired);
    }
    const raw = asRecord(data);
    let groupId: number | null = null;
    if (existing === null) {
      const gid = toId(raw.groupId);
      if (gid !== null) {
        if (!isDbId(gid)) throw new NotFoundError(GROUP_NOT_FOUND);
        groupId = gid;
      }
    } else {
      const given = raw.groupId;
      if (given !== undefined && given !== null) {
        const gid = toId(given);
        if (gid !== null && gid !== existing.row.groupId) {
          throw new ValidationError(EXPENSE_MESSAGES_API.moved, [
            { field: 'groupId', message: EXPENSE_MESSAGES_API.moved },
          ]);
        }
      }
      groupId = existing.row.groupId;
    }

    const fields = validateExpenseFields(data);
    const ids = fields.ok
      ? [...new Set([...fields.value.payers, ...fields.value.splits].map((p) => p.userId))]
      : [];
    const ctx = await loadExpenseContext(
      this.deps.expenseContexts,
      tx,
      callerId,
      groupId,
      ids.filter(isDbId),
    );
    const group = ctx.group;
    if (existing === null && groupId !== null) {
      if (group === null) throw new NotFoundError(GROUP_NOT_FOUND);
      if (!ctx.callerIsMember) throw new ForbiddenError(NOT_A_MEMBER);
    }
    if (!fields.ok) throw issuesError(fields.issues);
    const input = fields.value;

    const currency = input.currency ?? existing?.row.currency ?? group?.defaultCurrency ?? 'USD';
    if (group !== null && currency !== group.defaultCurrency) {
      const message = groupCurrencyMessage(group.defaultCurrency);
      throw new ValidationError(message, [{ field: 'currency', message }]);
    }

    // Rules 1–3.
    const ruleIssues = checkExpenseRules(input);
    if (ruleIssues.length > 0) throw issuesError(ruleIssues);

    // Rule 4: every person exists.
    if (ctx.people.size !== ids.length) {
      throw new ValidationError(EXPENSE_MESSAGES_API.unknownPerson);
    }

    const alreadyOn = new Set(
      existing === null ? [] : [...existing.payers, ...existing.splits].map((p) => p.userId),
    );
    if (group !== null) {
      // Rule 5: current members (or already on this expense).
      const members = new Set(ctx.memberIds);
      for (const p of [...input.payers, ...input.splits]) {
        if (!members.has(p.userId) && !alreadyOn.has(p.userId)) {
          const name = ctx.people.get(p.userId)?.name ?? 'This person';
          throw new NotGroupMemberError(`${name} is not a member of this group.`);
        }
      }
    } else {
      // Rule 6: the caller takes part, with at least one friend.
      if (!ids.includes(callerId))
        throw new ValidationError(EXPENSE_MESSAGES_API.callerNotInvolved);
      const others = ids.filter((id) => id !== callerId);
      if (others.length === 0) throw new ValidationError(EXPENSE_MESSAGES_API.needsFriend);
      if (others.some((id) => !ctx.friendIds.has(id) && !alreadyOn.has(id))) {
        throw new NotFriendsError(EXPENSE_MESSAGES_API.notFriends);
      }
    }

    // Rule 7: the receipt file.
    if (file !== null) this.services.receipts.checkUpload(file);

    const shares = computeShares(input.splitType, input.amount, input.splits);
    return {
      input,
      group,
      currency,
      people: ctx.people,
      memberIds: ctx.memberIds,
      payers: input.payers.map((p) => ({ userId: p.userId, amountPaidCents: p.amountPaid })),
      splits: input.splits.map((s, i) => ({
        userId: s.userId,
        owedCents: shares[i]?.owedCents ?? 0,
        value: valueText(input, s.value),
      })),
    };
  }
}
