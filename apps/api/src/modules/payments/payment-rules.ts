// The rules a payment must satisfy (docs/api.md §4.5), in the contract's order, given the database
// facts (ledger-context.ts): payer ≠ recipient, both exist, group membership or (outside groups)
// the caller's part and friendship, and the currency. No I/O here.
import type { PaymentInput } from '@evenly/core';
import { PAYMENT_MESSAGES } from '@evenly/core';
import {
  ForbiddenError,
  NotFoundError,
  NotFriendsError,
  NotGroupMemberError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { GroupRow } from '../groups/index.js';
import { GROUP_NOT_FOUND, NOT_A_MEMBER } from '../groups/index.js';
import type { LedgerContext } from '../ledger/index.js';
import { ledgerCurrencyOf } from '../ledger/index.js';

export const PAYMENT_API_MESSAGES = {
  notFound: 'Payment not found.',
  noAccess: 'You do not have access to this payment.',
  moved: 'A payment cannot be moved to another group.',
  unknownPerson: 'One of the selected people does not exist.',
  notParty: 'You must be the payer or the recipient of a non-group payment.',
  notFriends: 'You can only record payments with your friends.',
} as const;

/** A payment as stored before the edit. */
export interface ExistingPayment {
  groupId: number | null;
  paidById: number;
  paidToId: number;
  /** The ledger currency. */
  currency: string;
  /** The currency it was entered in (its original currency when converted). */
  enteredCurrency: string;
}

export interface CheckedPayment {
  paidById: number;
  paidToId: number;
  /** The currency the payment is entered in (the request's, else stored, else the group's). */
  currency: string;
  /** The currency its balances are kept in (the group's in CONVERT groups). */
  ledgerCurrency: string;
  group: GroupRow | null;
  /** Payer's and recipient's names (for the activity text). */
  names: Map<number, string>;
}

/** The parties a payment request names: the payer (the caller unless named) and the recipient. */
export function paymentParties(
  callerId: number,
  input: PaymentInput,
): { paidById: number; paidToId: number } {
  return { paidById: input.paidByUserId ?? callerId, paidToId: input.paidToUserId };
}

export function checkPayment(
  callerId: number,
  input: PaymentInput,
  groupId: number | null,
  ctx: LedgerContext,
  existing: ExistingPayment | null,
): CheckedPayment {
  const { paidById, paidToId } = paymentParties(callerId, input);
  if (paidById === paidToId) {
    throw new ValidationError(PAYMENT_MESSAGES.samePerson, [
      { field: 'paidToUserId', message: PAYMENT_MESSAGES.samePerson },
    ]);
  }
  if (!ctx.people.has(paidById) || !ctx.people.has(paidToId)) {
    throw new ValidationError(PAYMENT_API_MESSAGES.unknownPerson);
  }
  const nameOf = (id: number) => ctx.people.get(id)?.name ?? 'This person';

  const group = groupId === null ? null : ctx.group;
  if (groupId !== null) {
    if (group === null) throw new NotFoundError(GROUP_NOT_FOUND);
    if (!ctx.callerIsMember) throw new ForbiddenError(NOT_A_MEMBER);
    const members = new Set(ctx.memberIds);
    for (const id of [paidById, paidToId]) {
      if (!members.has(id))
        throw new NotGroupMemberError(`${nameOf(id)} is not a member of this group.`);
    }
  } else {
    if (callerId !== paidById && callerId !== paidToId) {
      throw new ValidationError(PAYMENT_API_MESSAGES.notParty);
    }
    const otherId = callerId === paidById ? paidToId : paidById;
    const existingParty =
      existing !== null && (existing.paidById === otherId || existing.paidToId === otherId);
    if (!existingParty && !ctx.friendIds.has(otherId)) {
      throw new NotFriendsError(PAYMENT_API_MESSAGES.notFriends);
    }
  }
  const currency = input.currency ?? existing?.enteredCurrency ?? group?.defaultCurrency ?? 'USD';
  return {
    paidById,
    paidToId,
    currency,
    ledgerCurrency: ledgerCurrencyOf(currency, group),
    group,
    names: new Map([
      [paidById, nameOf(paidById)],
      [paidToId, nameOf(paidToId)],
    ]),
  };
}

/**
 * The settle-up plan (§4.5 POST /payments/settle): one payment per shared group whose line points
 * the payment's way, largest line first (then lower group id), each at most that line; whatever is
 * left goes outside groups (`groupId` null).
 */
export function planSettlement(
  owed: readonly { groupId: number; cents: number }[],
  amount: number,
): { groupId: number | null; cents: number }[] {
  const sorted = [...owed].sort((a, b) => b.cents - a.cents || a.groupId - b.groupId);
  let rest = amount;
  const plan: { groupId: number | null; cents: number }[] = [];
  for (const o of sorted) {
    if (rest === 0) break;
    const cents = Math.min(rest, o.cents);
    plan.push({ groupId: o.groupId, cents });
    rest -= cents;
  }
  if (rest > 0) plan.push({ groupId: null, cents: rest });
  return plan;
}
