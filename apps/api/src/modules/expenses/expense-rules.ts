// The rules an expense must satisfy (docs/api.md §4.4), in the contract's order, apart from the
// ledger effects it has: first what the request alone tells (`draftExpense`), then, once the
// database facts are read (`ExpenseContext`), everything else (`checkExpense`). No I/O here.
import {
  asRecord,
  checkExpenseRules,
  computeShares,
  formatMinor,
  toId,
  validateExpenseFields,
} from '@evenly/core';
import type { ExpenseInput } from '@evenly/core';
import {
  ForbiddenError,
  issuesError,
  NotFoundError,
  NotFriendsError,
  NotGroupMemberError,
  ValidationError,
} from '../../errors/app-errors.js';
import type { GroupRow } from '../groups/index.js';
import { GROUP_NOT_FOUND, NOT_A_MEMBER } from '../groups/index.js';
import type { OwedAmount, PayerAmount } from '../ledger/index.js';
import { ledgerCurrencyOf } from '../ledger/index.js';
import type { LedgerContext } from '../ledger/index.js';
import type { Person } from './expense.repository.js';
import { isDbId } from './expense-access.js';

/** A currency with the most decimals (4), for reading a request before its currency is known. */
const MOST_DECIMALS_CURRENCY = 'CLF';

export const EXPENSE_MESSAGES_API = {
  dataRequired: 'expenseData is required.',
  moved: 'An expense cannot be moved to another group.',
  unknownPerson: 'One of the selected people does not exist.',
  callerNotInvolved: 'You must be a payer or part of the split.',
  needsFriend: 'A non-group expense must include at least one friend.',
  notFriends: 'You can only share non-group expenses with your friends.',
} as const;

/** A stored split: computed cents beside what the user typed. */
export interface SplitAmount extends OwedAmount {
  value: string | null;
}

/** An expense as stored before the edit (for the rules, people already on it). */
export interface ExistingParticipants {
  groupId: number | null;
  /** The ledger currency (what `payers` and `splits` are in). */
  currency: string;
  /** The currency it was entered in (its original currency when converted). */
  enteredCurrency: string;
  payers: readonly PayerAmount[];
  splits: readonly SplitAmount[];
}

/** What the request alone tells: the group it is about and its fields. */
export interface ExpenseDraft {
  groupId: number | null;
  /** The request's expenseData, read again once the currency is known. */
  data: unknown;
  fields: ReturnType<typeof validateExpenseFields>;
  /** The people the request names (valid ids only), for the context read. */
  personIds: number[];
}

export interface CheckedExpense {
  input: ExpenseInput;
  group: GroupRow | null;
  /** The currency the expense is entered in; `input`, `payers` and `splits` are in it. */
  currency: string;
  /** The currency its balances are kept in (the group's in CONVERT groups). */
  ledgerCurrency: string;
  /** The people the request names. */
  people: Map<number, Person>;
  /** Current members of the group in joining order (empty outside groups). */
  memberIds: number[];
  payers: PayerAmount[];
  splits: SplitAmount[];
}

/** Stored typed value beside the cents: EXACT money, PERCENTAGE percent, SHARE count. */
function valueText(input: ExpenseInput, value: number | null): string | null {
  if (value === null || input.splitType === 'EQUAL') return null;
  if (input.splitType === 'EXACT') return formatMinor(value, input.amountCurrency);
  return String(value);
}

/**
 * §4.4 up to the database facts: expenseData present, the group id (404 for an impossible one)
 * and, on edits, not moved to another group; the fields' shapes.
 */
export function draftExpense(data: unknown, existing: ExistingParticipants | null): ExpenseDraft {
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
      if (gid !== null && gid !== existing.groupId) {
        throw new ValidationError(EXPENSE_MESSAGES_API.moved, [
          { field: 'groupId', message: EXPENSE_MESSAGES_API.moved },
        ]);
      }
    }
    groupId = existing.groupId;
  }
  // Read at the most decimals any currency has: the currency (and so the decimals) is known only
  // once the group is read; checkExpense reads the amounts again in it.
  const fields = validateExpenseFields(data, MOST_DECIMALS_CURRENCY);
  const personIds = fields.ok
    ? [...new Set([...fields.value.payers, ...fields.value.splits].map((p) => p.userId))].filter(
        isDbId,
      )
    : [];
  return { groupId, data, fields, personIds };
}

/**
 * The rest of §4.4 in order: the group (404/403), field shapes, currency, rules 1–6, and rule 7
 * through `checkFile`. Returns the expense with its computed shares.
 */
export function checkExpense(
  callerId: number,
  draft: ExpenseDraft,
  ctx: LedgerContext,
  existing: ExistingParticipants | null,
  checkFile: () => void,
): CheckedExpense {
  const group = ctx.group;
  if (existing === null && draft.groupId !== null) {
    if (group === null) throw new NotFoundError(GROUP_NOT_FOUND);
    if (!ctx.callerIsMember) throw new ForbiddenError(NOT_A_MEMBER);
  }
  // The amounts again, now in the currency the expense will have (§1.4 as amended by #10: the
  // request's, else the stored one, else the group's).
  const fields = validateExpenseFields(
    draft.data,
    existing?.enteredCurrency ?? group?.defaultCurrency ?? 'USD',
  );
  if (!fields.ok) throw issuesError(fields.issues);
  const input = fields.value;
  const ids = [...new Set([...input.payers, ...input.splits].map((p) => p.userId))];

  const currency = input.amountCurrency;
  const ledgerCurrency = ledgerCurrencyOf(currency, group);

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
    if (!ids.includes(callerId)) throw new ValidationError(EXPENSE_MESSAGES_API.callerNotInvolved);
    const others = ids.filter((id) => id !== callerId);
    if (others.length === 0) throw new ValidationError(EXPENSE_MESSAGES_API.needsFriend);
    if (others.some((id) => !ctx.friendIds.has(id) && !alreadyOn.has(id))) {
      throw new NotFriendsError(EXPENSE_MESSAGES_API.notFriends);
    }
  }

  // Rule 7: the receipt file.
  checkFile();

  const shares = computeShares(input.splitType, input.amount, input.splits);
  return {
    input,
    group,
    currency,
    ledgerCurrency,
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
