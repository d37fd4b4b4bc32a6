// PaymentService: payments and the multi-group settle-up (contract §4.5). Every write runs in one
// transaction with its pair_balances bookkeeping, activity rows and change notification (§5.9).
import {
  paymentDebt,
  validatePaymentInput,
  validateSettleInput,
  PAYMENT_MESSAGES,
} from '@evenly/core';
import type { Cents, PaymentInput } from '@evenly/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';
import { groupMembers, groups, payments, users } from '../../db/schema.js';
import {
  ForbiddenError,
  NotFoundError,
  NotFriendsError,
  NotGroupMemberError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { ServiceDeps, Services } from '../../services.js';
import { recordChange } from '../activity/record-change.js';
import type { ActivityType } from '../activity/activity.repository.js';
import { groupLines } from '../balances/balance-reader.js';
import { applyDebts } from '../balances/pair-balances.repository.js';
import type { ChangeAction } from '../events/change-notifier.js';
import type { GroupRow } from '../groups/membership.repository.js';
import {
  currentMembers,
  findGroup,
  GROUP_NOT_FOUND,
  isCurrentMember,
  requireGroupMember,
} from '../groups/membership.repository.js';
import { checkText, decodeCursor, encodeCursor, TIMESTAMP_TEXT } from '../expenses/cursor.js';
import { isDbId } from '../expenses/expense-access.js';
import { acceptedFriendIds } from '../friendships/friendships.repository.js';
import {
  groupCurrencyMessage,
  issuesError,
  replaceEffect,
  todayUtc,
} from '../expenses/expense.service.js';
import type { Page } from '../expenses/expense.service.js';
import { findPaymentRow, loadPaymentViews } from './payment.repository.js';
import type { PaymentRow, PaymentView } from './payment.repository.js';

export const PAYMENT_API_MESSAGES = {
  notFound: 'Payment not found.',
  noAccess: 'You do not have access to this payment.',
  moved: 'A payment cannot be moved to another group.',
  unknownPerson: 'One of the selected people does not exist.',
  notParty: 'You must be the payer or the recipient of a non-group payment.',
  notFriends: 'You can only record payments with your friends.',
} as const;

interface PaymentEffectRow {
  paidById: number;
  paidToId: number;
  amountCents: number;
}

/** Balance effect on each person (+ = gets back): the payer +amount, the recipient −amount. */
function effectOf(p: PaymentEffectRow | null, userId: number): number {
  if (p === null) return 0;
  if (p.paidById === userId) return p.amountCents;
  if (p.paidToId === userId) return -p.amountCents;
  return 0;
}

function debtOf(p: PaymentEffectRow) {
  return [paymentDebt(p.paidById, p.paidToId, p.amountCents as Cents)];
}

export class PaymentService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Reads

  async requireAccess(db: Db, paymentId: number, userId: number, forUpdate = false) {
    const row = await findPaymentRow(db, paymentId, forUpdate);
    if (row === undefined) throw new NotFoundError(PAYMENT_API_MESSAGES.notFound);
    const allowed =
      row.groupId !== null
        ? await isCurrentMember(db, row.groupId, userId)
        : row.paidById === userId || row.paidToId === userId;
    if (!allowed) throw new ForbiddenError(PAYMENT_API_MESSAGES.noAccess);
    return row;
  }

  async get(callerId: number, paymentId: number): Promise<PaymentView> {
    await this.requireAccess(this.deps.db, paymentId, callerId);
    const [view] = await loadPaymentViews(this.deps.db, [paymentId]);
    if (view === undefined) throw new NotFoundError(PAYMENT_API_MESSAGES.notFound);
    return view;
  }

  /** GET /payments/my: the caller paid or received, newest createdAt first. */
  async listMine(
    callerId: number,
    limit: number,
    before: string | null,
  ): Promise<Page<PaymentView>> {
    let cond = sql``;
    if (before !== null) {
      const [c, id] = decodeCursor(before, ['s', 'n']) as [string, number];
      cond = sql`and (p.created_at, p.id) < (${checkText(c, TIMESTAMP_TEXT)}::timestamptz, ${id})`;
    }
    const rows = await queryRows<{ id: number; c: string }>(
      this.deps.db,
      sql`select p.id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c
          from payments p
          where (p.paid_by_id = ${callerId} or p.paid_to_id = ${callerId}) ${cond}
          order by p.created_at desc, p.id desc
          limit ${limit + 1}`,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined ? encodeCursor([last.c, Number(last.id)]) : null;
    return {
      items: await loadPaymentViews(
        this.deps.db,
        page.map((r) => Number(r.id)),
      ),
      nextCursor,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  async create(
    callerId: number,
    body: unknown,
    beforeCommit?: (tx: Db, view: PaymentView) => Promise<void>,
  ): Promise<PaymentView> {
    const parsed = validatePaymentInput(body);
    if (!parsed.ok) throw issuesError(parsed.issues);
    return this.deps.transaction(async (tx) => {
      const v = await this.validate(tx, callerId, parsed.value, null);
      const now = new Date();
      const [row] = await tx
        .insert(payments)
        .values({
          groupId: v.group?.id ?? null,
          paidById: v.paidById,
          paidToId: v.paidToId,
          amountCents: parsed.value.amount,
          currency: v.currency,
          date: parsed.value.date ?? todayUtc(),
          createdById: callerId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (row === undefined) throw new Error('payment insert returned nothing');
      await applyDebts(tx, row.groupId, row.currency, debtOf(row), 1);
      await this.record(tx, 'payment_added', 'created', callerId, row, v.group, null);
      const [view] = await loadPaymentViews(tx, [row.id]);
      if (view === undefined) throw new Error('payment vanished');
      if (beforeCommit !== undefined) await beforeCommit(tx, view);
      return view;
    });
  }

  async update(callerId: number, paymentId: number, body: unknown): Promise<PaymentView> {
    return this.deps.transaction(async (tx) => {
      const old = await this.requireAccess(tx, paymentId, callerId, true);
      const raw =
        typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (raw.groupId !== undefined && raw.groupId !== null && raw.groupId !== old.groupId) {
        const gid = typeof raw.groupId === 'string' ? Number(raw.groupId.trim()) : raw.groupId;
        if (gid !== old.groupId) {
          throw new ValidationError(PAYMENT_API_MESSAGES.moved, [
            { field: 'groupId', message: PAYMENT_API_MESSAGES.moved },
          ]);
        }
      }
      // The stored payer is kept when none is named (before the payer ≠ recipient check).
      const parsed = validatePaymentInput({
        ...raw,
        paidByUserId: raw.paidByUserId ?? old.paidById,
        groupId: old.groupId,
      });
      if (!parsed.ok) throw issuesError(parsed.issues);
      const v = await this.validate(tx, callerId, parsed.value, old);
      const [row] = await tx
        .update(payments)
        .set({
          paidById: v.paidById,
          paidToId: v.paidToId,
          amountCents: parsed.value.amount,
          currency: v.currency,
          date: parsed.value.date ?? old.date,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, old.id))
        .returning();
      if (row === undefined) throw new Error('payment vanished');
      await replaceEffect(
        tx,
        row.groupId,
        { currency: old.currency, debts: debtOf(old) },
        { currency: row.currency, debts: debtOf(row) },
      );
      await this.record(tx, 'payment_updated', 'updated', callerId, row, v.group, old);
      const [view] = await loadPaymentViews(tx, [row.id]);
      if (view === undefined) throw new Error('payment vanished');
      return view;
    });
  }

  async remove(callerId: number, paymentId: number): Promise<void> {
    await this.deps.transaction(async (tx) => {
      const row = await this.requireAccess(tx, paymentId, callerId, true);
      await applyDebts(tx, row.groupId, row.currency, debtOf(row), -1);
      const group = row.groupId === null ? null : ((await findGroup(tx, row.groupId)) ?? null);
      await tx.delete(payments).where(eq(payments.id, row.id));
      await this.record(tx, 'payment_deleted', 'deleted', callerId, row, group, null);
    });
  }

  /**
   * POST /payments/settle: one payment per shared group whose line points the payment's way,
   * largest line first (then lower group id), each at most that line; the rest outside groups.
   */
  async settle(
    callerId: number,
    body: unknown,
    beforeCommit?: (tx: Db, views: PaymentView[]) => Promise<void>,
  ): Promise<PaymentView[]> {
    const parsed = validateSettleInput(body);
    if (!parsed.ok) throw issuesError(parsed.issues);
    const input = parsed.value;
    if (input.otherUserId === callerId) throw new ValidationError(PAYMENT_MESSAGES.samePerson);
    return this.deps.transaction(async (tx) => {
      const other = isDbId(input.otherUserId)
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, input.otherUserId))
            .limit(1)
        : [];
      if (other.length === 0) throw new ValidationError(PAYMENT_API_MESSAGES.unknownPerson);
      const paidById = input.direction === 'I_PAID' ? callerId : input.otherUserId;
      const paidToId = input.direction === 'I_PAID' ? input.otherUserId : callerId;

      const shared = await queryRows<{ id: number }>(
        tx,
        sql`select a.group_id as id from group_members a
            join group_members b on b.group_id = a.group_id
            where a.user_id = ${callerId} and a.left_at is null
              and b.user_id = ${input.otherUserId} and b.left_at is null
            order by a.group_id`,
      );
      const groupRows: GroupRow[] =
        shared.length === 0
          ? []
          : await tx
              .select()
              .from(groups)
              .where(
                inArray(
                  groups.id,
                  shared.map((s) => Number(s.id)),
                ),
              );
      const owed: { group: GroupRow; cents: number }[] = [];
      for (const g of groupRows) {
        const lines = await groupLines(tx, g, paidById);
        const line = lines.find(
          (l) => l.otherUser.id === paidToId && l.currency === input.currency,
        );
        // The payer's line with the recipient is negative when the payer owes them.
        if (line !== undefined && line.netCents < 0) owed.push({ group: g, cents: -line.netCents });
      }
      owed.sort((a, b) => b.cents - a.cents || a.group.id - b.group.id);

      let rest: number = input.amount;
      const plan: { group: GroupRow | null; cents: number }[] = [];
      for (const o of owed) {
        if (rest === 0) break;
        const cents = Math.min(rest, o.cents);
        plan.push({ group: o.group, cents });
        rest -= cents;
      }
      if (rest > 0) {
        const friends = await acceptedFriendIds(tx, callerId, [input.otherUserId]);
        if (!friends.has(input.otherUserId)) {
          throw new NotFriendsError(PAYMENT_API_MESSAGES.notFriends);
        }
        plan.push({ group: null, cents: rest });
      }

      const ids: number[] = [];
      const date = input.date ?? todayUtc();
      for (const p of plan) {
        const now = new Date();
        const [row] = await tx
          .insert(payments)
          .values({
            groupId: p.group?.id ?? null,
            paidById,
            paidToId,
            amountCents: p.cents,
            currency: input.currency,
            date,
            createdById: callerId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (row === undefined) throw new Error('payment insert returned nothing');
        await applyDebts(tx, row.groupId, row.currency, debtOf(row), 1);
        await this.record(tx, 'payment_added', 'created', callerId, row, p.group, null);
        ids.push(row.id);
      }
      const views = await loadPaymentViews(tx, ids);
      if (beforeCommit !== undefined) await beforeCommit(tx, views);
      return views;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  private async record(
    tx: Db,
    type: ActivityType,
    action: ChangeAction,
    actorId: number,
    row: PaymentRow,
    group: GroupRow | null,
    old: PaymentRow | null,
  ): Promise<void> {
    const recipients =
      group !== null
        ? (await currentMembers(tx, group.id)).map((m) => m.id)
        : [
            ...new Set([
              row.paidById,
              row.paidToId,
              ...(old === null ? [] : [old.paidById, old.paidToId]),
            ]),
          ];
    const names = new Map(
      (
        await tx
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, [row.paidById, row.paidToId]))
      ).map((u) => [u.id, u.name]),
    );
    const description = `${names.get(row.paidById) ?? ''} paid ${names.get(row.paidToId) ?? ''}`;
    const sign = type === 'payment_deleted' ? -1 : 1;
    await recordChange(tx, {
      type,
      actorId,
      group,
      paymentId: row.id,
      description,
      amountCents: row.amountCents,
      currency: row.currency,
      recipients,
      myShare: (u) => sign * effectOf(row, u) - effectOf(old, u),
      notification: {
        entity: 'payment',
        action,
        id: row.id,
        groupId: row.groupId,
        // Everyone whose balance moves, former members included.
        affected: [
          row.paidById,
          row.paidToId,
          ...(old === null ? [] : [old.paidById, old.paidToId]),
        ],
      },
    });
  }

  /** §4.5 in order: payer ≠ recipient, both exist, group membership or friendship, currency. */
  private async validate(
    tx: Db,
    callerId: number,
    input: PaymentInput,
    old: PaymentRow | null,
  ): Promise<{ paidById: number; paidToId: number; currency: string; group: GroupRow | null }> {
    const paidById = input.paidByUserId ?? callerId;
    const paidToId = input.paidToUserId;
    if (paidById === paidToId) {
      throw new ValidationError(PAYMENT_MESSAGES.samePerson, [
        { field: 'paidToUserId', message: PAYMENT_MESSAGES.samePerson },
      ]);
    }
    const people = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [paidById, paidToId].filter(isDbId)));
    if (people.length !== 2) throw new ValidationError(PAYMENT_API_MESSAGES.unknownPerson);
    const nameOf = (id: number) => people.find((p) => p.id === id)?.name ?? 'This person';

    const groupId = old === null ? input.groupId : old.groupId;
    let group: GroupRow | null = null;
    if (groupId !== null) {
      if (!isDbId(groupId)) throw new NotFoundError(GROUP_NOT_FOUND);
      group = await requireGroupMember(tx, groupId, callerId);
      const current = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.groupId, groupId),
            inArray(groupMembers.userId, [paidById, paidToId]),
            isNull(groupMembers.leftAt),
          ),
        );
      const ids = new Set(current.map((c) => c.userId));
      for (const id of [paidById, paidToId]) {
        if (!ids.has(id))
          throw new NotGroupMemberError(`${nameOf(id)} is not a member of this group.`);
      }
    } else {
      if (callerId !== paidById && callerId !== paidToId) {
        throw new ValidationError(PAYMENT_API_MESSAGES.notParty);
      }
      const otherId = callerId === paidById ? paidToId : paidById;
      const existingParty = old !== null && (old.paidById === otherId || old.paidToId === otherId);
      if (!existingParty) {
        const friends = await acceptedFriendIds(tx, callerId, [otherId]);
        if (!friends.has(otherId)) throw new NotFriendsError(PAYMENT_API_MESSAGES.notFriends);
      }
    }
    const currency = input.currency ?? old?.currency ?? group?.defaultCurrency ?? 'USD';
    if (group !== null && currency !== group.defaultCurrency) {
      const message = groupCurrencyMessage(group.defaultCurrency);
      throw new ValidationError(message, [{ field: 'currency', message }]);
    }
    return { paidById, paidToId, currency, group };
  }
}
