// PaymentService: payments and the multi-group settle-up (contract §4.5). Each write is one
// transaction (db/transaction.ts): locks (ledger-locks.ts), the facts the rules check
// (ledger-context.ts), the rules (payment-rules.ts), then the row with its ledger effect
// (ledger-effects.ts), activity and change-feed row.
import type { Cents } from '@evenly/core';
import {
  formatMinor,
  validateExchangeInput,
  validatePaymentInput,
  validateSettleInput,
  PAYMENT_MESSAGES,
} from '@evenly/core';
import { formatExchangeRate } from '@evenly/core';
import type { PaymentInput } from '@evenly/core';
import {
  convertChecked,
  groupCurrencyKey,
  readRateAsk,
  resolveConversion,
} from '../ledger/conversion.js';
import type { RateLookup } from '../ledger/conversion.js';
import type { Change, ChangeAction } from '../../db/change-feed.js';
import { isConnectionError, isRetryableTransactionError } from '../../db/errors.js';
import { pairDeltaArgs } from '../../db/pair-slots.js';
import { CommitOutcomeUnknownError, noteChange, noteSpill } from '../../db/transaction.js';
import type { Db } from '../../db/database.js';
import { eq } from 'drizzle-orm';
import { payments as paymentsTable } from '../../db/schema.js';
import { createdAtCursorShape, decodeCursor, encodeCursor } from '../../http/cursor.js';
import {
  ForbiddenError,
  issuesError,
  NotFoundError,
  NotFriendsError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { ServiceDeps, Services } from '../../services.js';
import type { ActivityType } from '../activity/activity.repository.js';
import { changeArrays, recordChange } from '../activity/record-change.js';
import { groupLines, peopleByIds } from '../balances/balance-reader.js';
import { isDbId } from '../expenses/expense-access.js';
import type { Page } from '../expenses/expense.service.js';
import { todayUtc } from '../expenses/expense.service.js';
import type { GroupRow } from '../groups/membership.repository.js';
import {
  currentMembers,
  findGroup,
  groupStanding,
  isCurrentMember,
} from '../groups/membership.repository.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/idempotency.js';
import { keyInProgress, storedAnswer } from '../idempotency/idempotency.js';
import { prepareLedgerWrite, readLedgerContext } from '../ledger/ledger-context.js';
import type { PreparedWrite } from '../ledger/ledger-context.js';
import type { GuardValues } from '../ledger/ledger-guard.js';
import type { EditGuard } from '../ledger/edit-guard.js';
import {
  checkUnchanged,
  guardedEdit,
  MSG_PAYMENT_EDIT_CONFLICT,
  NO_EDIT_GUARD,
} from '../ledger/edit-guard.js';
import type { PaymentParties } from '../ledger/ledger-effects.js';
import {
  applyEffect,
  paymentEffectDebts,
  paymentPersonEffect,
  swapEffect,
} from '../ledger/ledger-effects.js';
import { lockLedger, lockLedgerScope } from '../ledger/ledger-locks.js';
import { readRestoreFacts } from '../ledger/restore-facts.js';
import { checkRestorable, checkRestoreAccess } from '../ledger/restore-rules.js';
import {
  checkPayment,
  PAYMENT_API_MESSAGES,
  paymentParties,
  planSettlement,
} from './payment-rules.js';
import type { CheckedPayment } from './payment-rules.js';
import {
  markPaymentDeleted,
  unmarkPaymentDeleted,
  findPaymentRow,
  insertPayment,
  loadPaymentViews,
  myPaymentPage,
  sharedGroupIds,
  updatePaymentRow,
  writePayment,
} from './payment.repository.js';
import type {
  NewPaymentWrite,
  PaymentOriginal,
  PaymentRow,
  PaymentView,
} from './payment.repository.js';
import {
  exchangePaymentIds,
  paymentOriginalColumns,
  paymentOriginalOfRow,
} from './payment.repository.js';
import { groupPairRows } from '../balances/pair-balances.repository.js';
import { requireGroupMember } from '../groups/membership.repository.js';

export const EXCHANGE_API_MESSAGES = {
  notSeparate: 'Currency exchanges are for groups that keep currencies separate.',
  notEditable: 'A currency exchange cannot be edited. Delete it and record it again.',
} as const;

const MSG_CONVERTED_TOO_SMALL =
  'The converted amount is zero at this rate. Please check the rate or the amount.';

/** A checked payment in its ledger currency (`input.amount` converted when it had to be). */
interface LedgerPayment {
  input: PaymentInput;
  v: CheckedPayment;
  original: PaymentOriginal | null;
}

/** The rate service's lookups for one request, each asked at most once. */
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

export { PAYMENT_API_MESSAGES } from './payment-rules.js';

function effectOf(row: PaymentParties & { currency: string }) {
  return { currency: row.currency, debts: paymentEffectDebts(row) };
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
    const cursor = before === null ? null : decodeCursor(before, createdAtCursorShape);
    const rows = await myPaymentPage(
      this.deps.db,
      callerId,
      limit + 1,
      cursor === null ? null : { createdAt: cursor[0], id: cursor[1] },
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined ? encodeCursor([last.createdAt, last.id]) : null;
    return {
      items: await loadPaymentViews(
        this.deps.db,
        page.map((r) => r.id),
      ),
      nextCursor,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  /**
   * POST /payments: two statements and no transaction (the context with the key's stored answer
   * and the new id, then one guarded write); a locking transaction when the facts changed in
   * between or the connection was lost around the write of a keyed request.
   */
  async create(
    callerId: number,
    body: unknown,
    idempotency: IdempotencyScope<PaymentView> | null,
  ): Promise<WriteOutcome<PaymentView>> {
    const parsed = validatePaymentInput(body);
    if (!parsed.ok) throw issuesError(parsed.issues);
    const input = parsed.value;
    const lookup = memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date));
    const fast = await this.createInOneWrite(callerId, body, input, idempotency, lookup);
    if (fast !== null) return fast;
    return this.deps.transaction(async (tx): Promise<WriteOutcome<PaymentView>> => {
      const stored = idempotency === null ? null : await idempotency.claim(tx);
      if (stored !== null) return { kind: 'replayed', stored };
      return this.createInTransaction(tx, callerId, body, input, idempotency, lookup);
    });
  }

  /**
   * A payment created inside the caller's transaction through the same checks and write as
   * POST /payments (ledger effects, activity rows, change feed); used by imports.
   */
  async createIn(tx: Db, callerId: number, body: unknown): Promise<PaymentView> {
    const parsed = validatePaymentInput(body);
    if (!parsed.ok) throw issuesError(parsed.issues);
    const lookup = memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date));
    const outcome = await this.createInTransaction(tx, callerId, body, parsed.value, null, lookup);
    if (outcome.kind !== 'done') throw new Error('payment creation replayed');
    return outcome.value;
  }

  /** The locked creation's body, in the caller's transaction. */
  private async createInTransaction(
    tx: Db,
    callerId: number,
    body: unknown,
    input: PaymentInput,
    idempotency: IdempotencyScope<PaymentView> | null,
    lookup: RateLookup,
  ): Promise<WriteOutcome<PaymentView>> {
    const scope = this.scopeOf(input.groupId);
    const ids = this.namedIds(callerId, input);
    await lockLedgerScope(tx, scope, callerId, ids);
    const prepared = await prepareLedgerWrite(tx, {
      callerId,
      groupId: scope,
      personIds: ids,
      key: null,
      draw: { kind: 'payment' },
    });
    const checked = checkPayment(callerId, input, input.groupId, prepared.context, null);
    const led = await this.inLedger(body, input, checked, null, lookup);
    const v = led.v;
    const planned = this.plan(callerId, led, prepared, new Date());
    const { verdict, spill } = await writePayment(
      tx,
      planned.row,
      planned.change,
      planned.pairs,
      this.guardOf(callerId, v, planned.view, idempotency, planned.row.createdAt),
    );
    // Under the locks taken above the guard holds; anything else is a bug.
    if (verdict !== 'written') throw new Error(`locked payment write refused: ${verdict}`);
    noteChange(tx, planned.noted, { stored: true });
    if (spill !== null) noteSpill(tx, spill);
    return { kind: 'done', value: planned.view };
  }

  /** The two-statement creation; null when it must run as a locking transaction instead. */
  private async createInOneWrite(
    callerId: number,
    body: unknown,
    input: PaymentInput,
    idempotency: IdempotencyScope<PaymentView> | null,
    lookup: RateLookup,
  ): Promise<WriteOutcome<PaymentView> | null> {
    const db = this.deps.db;
    const prepared = await prepareLedgerWrite(db, {
      callerId,
      groupId: this.scopeOf(input.groupId),
      personIds: this.namedIds(callerId, input),
      key: idempotency?.ref ?? null,
      draw: { kind: 'payment' },
    });
    if (prepared.stored !== null && idempotency !== null) {
      return { kind: 'replayed', stored: idempotency.replay(prepared.stored) };
    }
    const checked = checkPayment(callerId, input, input.groupId, prepared.context, null);
    const led = await this.inLedger(body, input, checked, null, lookup);
    const v = led.v;
    const planned = this.plan(callerId, led, prepared, new Date());
    let written: Awaited<ReturnType<typeof writePayment>>;
    try {
      written = await writePayment(
        db,
        planned.row,
        planned.change,
        planned.pairs,
        this.guardOf(callerId, v, planned.view, idempotency, planned.row.createdAt),
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

  /** A well-formed id beyond the id column names no group (a 404 from the rules). */
  private scopeOf(groupId: number | null): number | null {
    return groupId !== null && isDbId(groupId) ? groupId : null;
  }

  /** Everyone a new payment names: the parties and the caller (its creator). */
  private namedIds(callerId: number, input: PaymentInput): number[] {
    const parties = paymentParties(callerId, input);
    return [parties.paidById, parties.paidToId, callerId].filter(isDbId);
  }

  /** What a checked new payment writes, and its view (built here: nothing is read back). */
  private plan(callerId: number, led: LedgerPayment, prepared: PreparedWrite, now: Date) {
    const { input, v } = led;
    if (prepared.newId === null) throw new Error('payment id was not drawn');
    const groupId = v.group?.id ?? null;
    const parties = { paidById: v.paidById, paidToId: v.paidToId, amountCents: input.amount };
    const recipients = groupId === null ? [v.paidById, v.paidToId] : prepared.context.memberIds;
    const change = {
      ...changeArrays({ recipients, myShare: (u) => paymentPersonEffect(parties, u) }),
      affected: [v.paidById, v.paidToId],
    };
    const row: NewPaymentWrite = {
      id: prepared.newId,
      groupId,
      groupName: v.group?.name ?? null,
      paidById: v.paidById,
      paidToId: v.paidToId,
      amountCents: input.amount,
      currency: v.currency,
      date: input.date ?? todayUtc(),
      createdById: callerId,
      createdAt: now,
      description: `${v.names.get(v.paidById) ?? ''} paid ${v.names.get(v.paidToId) ?? ''}`,
      original: led.original,
    };
    const people = prepared.context.people;
    const person = (id: number) => people.get(id) ?? { id, name: '', email: '' };
    const view: PaymentView = {
      id: row.id,
      groupId,
      amountCents: row.amountCents,
      currency: row.currency,
      date: row.date,
      createdAt: now,
      updatedAt: now,
      paidBy: person(row.paidById),
      paidTo: person(row.paidToId),
      createdBy: person(callerId),
      original: led.original,
      exchangeId: null,
    };
    const noted: Change = {
      entity: 'payment',
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
      pairs: pairDeltaArgs(groupId, row.currency, paymentEffectDebts(parties), 1),
      view,
      noted,
    };
  }

  /** What the write statement must find true under its locks (ledger-guard.ts). */
  private guardOf(
    callerId: number,
    v: CheckedPayment,
    view: PaymentView,
    idempotency: IdempotencyScope<PaymentView> | null,
    now: Date,
  ): GuardValues {
    const others = [v.paidById, v.paidToId].filter((id) => id !== callerId);
    return {
      groupId: v.group?.id ?? null,
      callerId,
      currency: groupCurrencyKey(v.group),
      members: v.group === null ? [] : [v.paidById, v.paidToId, callerId],
      friends: v.group === null ? others : [],
      key: idempotency?.toStore(view, now) ?? null,
      now,
    };
  }

  /** PUT /payments/{id}; `guard`: its precondition and Idempotency-Key (ledger/edit-guard.ts). */
  async update(
    callerId: number,
    paymentId: number,
    body: unknown,
    guard: EditGuard<PaymentView> = NO_EDIT_GUARD,
  ): Promise<WriteOutcome<PaymentView>> {
    return this.deps.transaction(async (tx) =>
      guardedEdit(tx, guard, () => this.updateInTransaction(tx, callerId, paymentId, body, guard)),
    );
  }

  private async updateInTransaction(
    tx: Db,
    callerId: number,
    paymentId: number,
    body: unknown,
    guard: EditGuard<PaymentView>,
  ): Promise<PaymentView> {
    const old = await this.requireAccess(tx, paymentId, callerId, true);
    checkUnchanged(old, guard.expectedUpdatedAt, MSG_PAYMENT_EDIT_CONFLICT);
    if (old.exchangeId !== null) throw new ValidationError(EXCHANGE_API_MESSAGES.notEditable);
    const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (raw.groupId !== undefined && raw.groupId !== null && raw.groupId !== old.groupId) {
      const gid = typeof raw.groupId === 'string' ? Number(raw.groupId.trim()) : raw.groupId;
      if (gid !== old.groupId) {
        throw new ValidationError(PAYMENT_API_MESSAGES.moved, [
          { field: 'groupId', message: PAYMENT_API_MESSAGES.moved },
        ]);
      }
    }
    // The stored payer is kept when none is named (before the payer ≠ recipient check).
    const oldOriginal = paymentOriginalOfRow(old);
    const request = {
      ...raw,
      paidByUserId: raw.paidByUserId ?? old.paidById,
      groupId: old.groupId,
    };
    const parsed = validatePaymentInput(request, oldOriginal?.currency ?? old.currency);
    if (!parsed.ok) throw issuesError(parsed.issues);
    const input = parsed.value;
    const parties = paymentParties(callerId, input);
    const ids = [parties.paidById, parties.paidToId].filter(isDbId);
    await lockLedgerScope(tx, old.groupId, callerId, ids);
    const ctx = await readLedgerContext(tx, callerId, old.groupId, ids);
    const checked = checkPayment(callerId, input, old.groupId, ctx, {
      ...old,
      enteredCurrency: oldOriginal?.currency ?? old.currency,
    });
    const led = await this.inLedger(
      request,
      { ...input, date: input.date ?? old.date },
      checked,
      oldOriginal === null ? null : { original: oldOriginal, convertedCents: old.amountCents },
      memoLookup((from, to, date) => this.services.fx.rateFor(from, to, date)),
    );
    const v = led.v;
    const row = await updatePaymentRow(tx, old.id, {
      paidById: v.paidById,
      paidToId: v.paidToId,
      amountCents: led.input.amount,
      currency: v.currency,
      date: input.date ?? old.date,
      updatedAt: new Date(),
      ...paymentOriginalColumns(led.original),
    });
    await swapEffect(tx, row.groupId, effectOf(old), effectOf(row));
    await this.record(tx, 'payment_updated', 'updated', callerId, row, v.group, old, v.names);
    const [view] = await loadPaymentViews(tx, [row.id]);
    if (view === undefined) throw new Error('payment vanished');
    return view;
  }

  /**
   * DELETE /payments/{id}: takes the payment's effect off the balances and hides it from every
   * reader, keeping the row so that it can be restored until the purge job removes it.
   */
  async remove(callerId: number, paymentId: number): Promise<void> {
    await this.deps.transaction(async (tx) => {
      const first = await this.requireAccess(tx, paymentId, callerId, true);
      // The two payments of a currency exchange go together (one alone would move value).
      const ids =
        first.exchangeId === null ? [first.id] : await exchangePaymentIds(tx, first.exchangeId);
      const at = new Date();
      for (const id of ids) {
        const row = id === first.id ? first : await findPaymentRow(tx, id, true);
        if (row === undefined) continue;
        await applyEffect(tx, row.groupId, effectOf(row), -1);
        const group = row.groupId === null ? null : ((await findGroup(tx, row.groupId)) ?? null);
        const people = await peopleByIds(tx, [row.paidById, row.paidToId]);
        const names = new Map([...people].map(([pid, p]) => [pid, p.name]));
        await markPaymentDeleted(tx, row.id, at);
        await this.record(tx, 'payment_deleted', 'deleted', callerId, row, group, null, names);
      }
    });
  }

  /**
   * POST /payments/{id}/restore: puts a deleted payment back exactly as it was, and its effect on
   * the balances, in one transaction with its activity row and change; the two payments of a
   * currency exchange come back together. Restoring a live payment answers it as it is. 404 for
   * an unknown id or one the caller was never shown, 403 for a former member of its group, 409
   * NOT_RESTORABLE when it can no longer be written (restore-rules.ts).
   */
  async restore(callerId: number, paymentId: number): Promise<PaymentView> {
    return this.deps.transaction(async (tx) => {
      const first = await findPaymentRow(tx, paymentId, true, true);
      if (first === undefined) throw new NotFoundError(PAYMENT_API_MESSAGES.notFound);
      const standing =
        first.groupId === null ? null : await groupStanding(tx, first.groupId, callerId);
      checkRestoreAccess(
        { groupId: first.groupId, personIds: [first.paidById, first.paidToId] },
        callerId,
        standing,
        { notFound: PAYMENT_API_MESSAGES.notFound, noAccess: PAYMENT_API_MESSAGES.noAccess },
      );
      if (first.deletedAt !== null) {
        const ids =
          first.exchangeId === null
            ? [first.id]
            : await exchangePaymentIds(tx, first.exchangeId, true);
        const rows: PaymentRow[] = [];
        for (const id of ids) {
          const row = id === first.id ? first : await findPaymentRow(tx, id, true, true);
          if (row !== undefined && row.deletedAt !== null) rows.push(row);
        }
        // The legs of an exchange name the same two people in the same group.
        const personIds = [...new Set(rows.flatMap((r) => [r.paidById, r.paidToId]))];
        const facts = await readRestoreFacts(tx, callerId, first, personIds);
        for (const row of rows) {
          checkRestorable(
            'payment',
            { ...row, personIds: [row.paidById, row.paidToId] },
            callerId,
            facts,
          );
        }
        for (const row of rows) {
          await applyEffect(tx, row.groupId, effectOf(row), 1);
          const restored = await unmarkPaymentDeleted(tx, row.id);
          await this.record(
            tx,
            'payment_restored',
            'created',
            callerId,
            restored,
            facts.group,
            null,
            facts.names,
          );
        }
      }
      const [view] = await loadPaymentViews(tx, [first.id]);
      if (view === undefined) throw new Error('payment vanished');
      return view;
    });
  }

  /**
   * POST /groups/{id}/exchanges (issue #10): in a group that keeps currencies separate, moves the
   * caller's balance with another member from one currency into another at a rate, as two
   * payments in one transaction (sharing `exchangeId`): the balance (or `amount` of it) settled
   * in the first currency, its value at the rate added in the second. "+100 USD, −10,000 JPY"
   * at 0.006849 USD per JPY becomes "+31.51 USD, 0 JPY".
   */
  async exchange(
    callerId: number,
    groupId: number,
    body: unknown,
    idempotency: IdempotencyScope<PaymentView[]> | null,
  ): Promise<WriteOutcome<PaymentView[]>> {
    const parsed = validateExchangeInput(body);
    if (!parsed.ok) throw issuesError(parsed.issues);
    const input = parsed.value;
    const otherId = input.otherUserId;
    return this.deps.transaction(async (tx): Promise<WriteOutcome<PaymentView[]>> => {
      const stored = idempotency === null ? null : await idempotency.claim(tx);
      if (stored !== null) return { kind: 'replayed', stored };
      await lockLedger(tx, isDbId(groupId) ? [groupId] : [], callerId, []);
      const group = await requireGroupMember(tx, groupId, callerId);
      if (group.currencyMode !== 'SEPARATE') {
        throw new ValidationError(EXCHANGE_API_MESSAGES.notSeparate);
      }
      if (otherId === callerId) throw new ValidationError(PAYMENT_MESSAGES.samePerson);
      const people = await peopleByIds(tx, [callerId, otherId]);
      const other = people.get(otherId);
      if (other === undefined) throw new ValidationError(PAYMENT_API_MESSAGES.unknownPerson);
      const pair = (await groupPairRows(tx, group.id)).find(
        (p) =>
          p.currency === input.fromCurrency &&
          p.userLow === Math.min(callerId, otherId) &&
          p.userHigh === Math.max(callerId, otherId),
      );
      // + = the other person owes the caller (pair nets: + = high owes low).
      const net = pair === undefined ? 0 : callerId < otherId ? pair.netCents : -pair.netCents;
      if (net === 0) {
        throw new ValidationError(
          `There is no balance in ${input.fromCurrency} between you and ${other.name} to convert.`,
        );
      }
      const whole = Math.abs(net);
      const amount = input.amount ?? whole;
      if (amount > whole) {
        const message = `You can convert at most ${formatMinor(whole, input.fromCurrency)} ${input.fromCurrency}.`;
        throw new ValidationError(message, [{ field: 'amount', message }]);
      }
      const converted = convertChecked(
        amount as Cents,
        input.fromCurrency,
        input.toCurrency,
        input.rate,
      );
      if (converted <= 0) {
        throw new ValidationError(MSG_CONVERTED_TOO_SMALL, [
          { field: 'exchangeRate', message: MSG_CONVERTED_TOO_SMALL },
        ]);
      }
      // The debtor in the first currency pays it; the other pays its value in the second.
      const debtor = net < 0 ? callerId : otherId;
      const creditor = net < 0 ? otherId : callerId;
      const names = new Map([...people].map(([id, p]) => [id, p.name]));
      const date = input.date ?? todayUtc();
      const legs = [
        { paidById: debtor, paidToId: creditor, amountCents: amount, currency: input.fromCurrency },
        {
          paidById: creditor,
          paidToId: debtor,
          amountCents: converted,
          currency: input.toCurrency,
        },
      ];
      const ids: number[] = [];
      let exchangeId: number | null = null;
      for (const leg of legs) {
        const now = new Date();
        const row = await insertPayment(tx, {
          groupId: group.id,
          ...leg,
          date,
          createdById: callerId,
          createdAt: now,
          updatedAt: now,
          exchangeId,
        });
        exchangeId ??= row.id;
        await applyEffect(tx, row.groupId, effectOf(row), 1);
        await this.record(tx, 'payment_added', 'created', callerId, row, group, null, names);
        ids.push(row.id);
      }
      await tx
        .update(paymentsTable)
        .set({ exchangeId })
        .where(eq(paymentsTable.id, ids[0] ?? 0));
      const views = await loadPaymentViews(tx, ids);
      if (idempotency !== null) await idempotency.complete(tx, views);
      return { kind: 'done', value: views };
    });
  }

  /**
   * POST /payments/settle: one payment per shared group whose line points the payment's way,
   * largest line first (then lower group id), each at most that line; the rest outside groups.
   */
  async settle(
    callerId: number,
    body: unknown,
    idempotency: IdempotencyScope<PaymentView[]> | null,
  ): Promise<WriteOutcome<PaymentView[]>> {
    const parsed = validateSettleInput(body);
    if (!parsed.ok) throw issuesError(parsed.issues);
    const input = parsed.value;
    if (input.otherUserId === callerId) throw new ValidationError(PAYMENT_MESSAGES.samePerson);
    const otherId = input.otherUserId;
    return this.deps.transaction(async (tx): Promise<WriteOutcome<PaymentView[]>> => {
      const stored = idempotency === null ? null : await idempotency.claim(tx);
      if (stored !== null) return { kind: 'replayed', stored };
      const other = isDbId(otherId) ? (await peopleByIds(tx, [otherId])).get(otherId) : undefined;
      if (other === undefined) throw new ValidationError(PAYMENT_API_MESSAGES.unknownPerson);
      const paidById = input.direction === 'I_PAID' ? callerId : otherId;
      const paidToId = input.direction === 'I_PAID' ? otherId : callerId;

      // Lock the shared groups and the friendship, then read the lines under the locks.
      await lockLedger(tx, await sharedGroupIds(tx, callerId, otherId), callerId, [otherId]);
      const groups: GroupRow[] = [];
      for (const id of await sharedGroupIds(tx, callerId, otherId)) {
        const g = await findGroup(tx, id);
        if (g !== undefined) groups.push(g);
      }
      const owed: { groupId: number; cents: number }[] = [];
      for (const g of groups) {
        const lines = await groupLines(tx, g, paidById);
        const line = lines.find(
          (l) => l.otherUser.id === paidToId && l.currency === input.currency,
        );
        // The payer's line with the recipient is negative when the payer owes them.
        if (line !== undefined && line.netCents < 0)
          owed.push({ groupId: g.id, cents: -line.netCents });
      }
      const plan = planSettlement(owed, input.amount);
      const ctx = await readLedgerContext(tx, callerId, null, [otherId]);
      if (plan.some((p) => p.groupId === null) && !ctx.friendIds.has(otherId)) {
        throw new NotFriendsError(PAYMENT_API_MESSAGES.notFriends);
      }
      const people = await peopleByIds(tx, [paidById, paidToId]);
      const names = new Map([...people].map(([id, p]) => [id, p.name]));
      const date = input.date ?? todayUtc();
      const ids: number[] = [];
      for (const p of plan) {
        const now = new Date();
        const row = await insertPayment(tx, {
          groupId: p.groupId,
          paidById,
          paidToId,
          amountCents: p.cents,
          currency: input.currency,
          date,
          createdById: callerId,
          createdAt: now,
          updatedAt: now,
        });
        await applyEffect(tx, row.groupId, effectOf(row), 1);
        const group = groups.find((g) => g.id === p.groupId) ?? null;
        await this.record(tx, 'payment_added', 'created', callerId, row, group, null, names);
        ids.push(row.id);
      }
      const views = await loadPaymentViews(tx, ids);
      if (idempotency !== null) await idempotency.complete(tx, views);
      return { kind: 'done', value: views };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  /**
   * The checked payment in the currency its balances are kept in: its amount read again in the
   * currency it turned out to have, then, entered in another currency than its CONVERT group's,
   * converted (rate from the request, the stored one on an edit, or the rate service).
   */
  private async inLedger(
    body: unknown,
    input: PaymentInput,
    v: CheckedPayment,
    stored: { original: PaymentOriginal; convertedCents: number } | null,
    lookup: RateLookup,
  ): Promise<LedgerPayment> {
    let entered = input;
    if (v.currency !== input.amountCurrency) {
      const again = validatePaymentInput(body, v.currency);
      if (!again.ok) throw issuesError(again.issues);
      entered = { ...again.value, date: input.date };
    }
    if (v.ledgerCurrency === v.currency) return { input: entered, v, original: null };
    const c = await resolveConversion(
      entered.amount,
      v.currency,
      v.ledgerCurrency,
      entered.date ?? todayUtc(),
      readRateAsk(body, v.ledgerCurrency),
      stored === null
        ? null
        : {
            fromCurrency: stored.original.currency,
            originalCents: stored.original.amountCents,
            rate: stored.original.rate,
            source: stored.original.source,
            rateDate: stored.original.rateDate,
          },
      stored?.convertedCents ?? null,
      lookup,
    );
    if (c.convertedCents <= 0) {
      throw new ValidationError(MSG_CONVERTED_TOO_SMALL, [
        { field: 'exchangeRate', message: MSG_CONVERTED_TOO_SMALL },
      ]);
    }
    return {
      input: { ...entered, amount: c.convertedCents },
      v: { ...v, currency: v.ledgerCurrency },
      original: {
        currency: v.currency,
        amountCents: entered.amount,
        rate: formatExchangeRate(c.rate),
        source: c.source,
        rateDate: c.rateDate,
      },
    };
  }

  private async record(
    tx: Db,
    type: ActivityType,
    action: ChangeAction,
    actorId: number,
    row: PaymentRow,
    group: GroupRow | null,
    old: PaymentRow | null,
    names: ReadonlyMap<number, string>,
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
      myShare: (u) => sign * paymentPersonEffect(row, u) - paymentPersonEffect(old, u),
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
}
