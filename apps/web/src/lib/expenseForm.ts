// Pure state helpers of the expense form: defaults, spec §5 validation, split preview, request.
import type { Expense, ExpenseRequest, SplitType, User } from '../api/types';
import { DEFAULT_CURRENCY, PERCENT_TOLERANCE } from './constants';
import { normaliseDate, todayIso } from './dates';
import { amountForInput, amountProblem, parseAmount, plain2, plainAmount, toCents } from './money';
import { splitCents } from './split';
import { type ConversionState, conversionRequestFields, initialConversion } from './conversion';

export interface PayerRow {
  userId: number | null;
  amount: string;
}

/** The expense form; the conversion fields apply in another currency than a CONVERT group's. */
export interface ExpenseFormState extends ConversionState {
  description: string;
  /** The currency the amounts are typed in. */
  currency: string;
  amount: string;
  date: string;
  notes: string;
  payers: PayerRow[];
  splitType: SplitType;
  /** User ids in the split, in participant order. */
  included: number[];
  /** Typed values for non-equal splits, by user id. */
  values: Record<number, string>;
}

export const SPLIT_LABELS: Record<SplitType, string> = {
  EQUAL: 'Equally',
  EXACT: 'Exact amounts',
  PERCENTAGE: 'Percentages',
  SHARE: 'Shares',
};

export function splitNoun(type: SplitType): string {
  return type === 'EXACT' ? 'exact' : type === 'PERCENTAGE' ? 'percentage' : 'share';
}

export function initialFormState(
  meId: number,
  participants: User[],
  expense?: Expense | null,
  defaultCurrency = DEFAULT_CURRENCY,
): ExpenseFormState {
  if (!expense) {
    return {
      description: '',
      currency: defaultCurrency,
      ...initialConversion(null),
      amount: '',
      date: todayIso(),
      notes: '',
      payers: [{ userId: meId, amount: '' }],
      splitType: 'EQUAL',
      included: participants.map((p) => p.id),
      values: {},
    };
  }
  const values: Record<number, string> = {};
  for (const split of expense.splits) {
    const v = split.value ?? (expense.splitType === 'EXACT' ? split.amountOwed : null);
    if (v !== null && v !== undefined) values[split.owedBy.id] = String(v);
  }
  const cur = expense.currency;
  return {
    description: expense.description,
    currency: cur,
    // An edit keeps the stored rate unless the user picks another.
    ...initialConversion(expense.conversion?.exchangeRateText),
    amount: amountForInput(expense.amount, cur),
    date: normaliseDate(expense.date),
    notes: expense.notes ?? '',
    payers: expense.payers.map((p) => ({
      userId: p.user.id,
      amount: amountForInput(p.amountPaid, cur),
    })),
    splitType: expense.splitType,
    included: expense.splits.map((s) => s.owedBy.id),
    values,
  };
}

/** Participants of an edited expense may include former members: keep them selectable. */
export function mergeParticipants(
  base: User[],
  expense?: Expense | null,
  extra: User[] = [],
): User[] {
  const all = [...base];
  const seen = new Set(all.map((u) => u.id));
  for (const u of [
    ...(expense?.payers.map((p) => p.user) ?? []),
    ...(expense?.splits.map((s) => s.owedBy) ?? []),
    ...extra,
  ]) {
    if (!seen.has(u.id)) {
      seen.add(u.id);
      all.push(u);
    }
  }
  return all;
}

/** Shares in cents per included user, or null when the inputs do not allow a preview. */
export function previewShares(state: ExpenseFormState): Map<number, number> | null {
  const cur = state.currency;
  const amount = parseAmount(state.amount, cur);
  if (amount === null || state.included.length === 0) return null;
  const cents = toCents(amount, cur);
  if (state.splitType === 'EXACT') {
    return new Map(
      state.included.map((id) => [id, toCents(parseAmount(state.values[id] ?? '', cur) ?? 0, cur)]),
    );
  }
  const weights = state.included.map((id) =>
    state.splitType === 'EQUAL' ? 1 : (parseNumber(state.values[id] ?? '') ?? 0),
  );
  const shares = splitCents(cents, weights);
  return new Map(state.included.map((id, i) => [id, shares[i] ?? 0]));
}

/** A percentage or share count as typed, with "." or "," for the decimals; null if not one. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return null;
  return Number(t);
}

/** Exact amounts take the currency's decimals, percentages up to 4, shares whole (§4.4). */
function valueHasValidPrecision(type: SplitType, raw: string, currency: string): boolean {
  if (type === 'EXACT') return parseAmount(raw, currency) !== null;
  const value = raw.trim().replace(',', '.');
  const dot = value.indexOf('.');
  const decimals = dot === -1 ? 0 : value.length - dot - 1;
  if (type === 'PERCENTAGE') return decimals <= 4;
  if (type === 'SHARE') return dot === -1 || /^\d+\.0*$/.test(value);
  return true;
}

/** The expense form's fields that can have a problem of their own, in the form's order. */
export type ExpenseField = 'description' | 'amount' | 'payers' | 'split';

/**
 * Every problem of the form, by field (spec §5's messages), empty when it can be sent. Checks
 * that need a valid amount (payers' total, exact amounts' sum) wait until the amount is valid.
 * No payer at all is not reported: the payers editor says so itself and saving is disabled.
 */
export function expenseFormProblems(
  state: ExpenseFormState,
  participantIds: number[],
): Partial<Record<ExpenseField, string>> {
  const problems: Partial<Record<ExpenseField, string>> = {};
  const cur = state.currency;
  if (!state.description.trim()) problems.description = 'Please enter a description.';
  const parsed = parseAmount(state.amount, cur);
  const amount = parsed !== null && parsed > 0 ? parsed : null;
  if (amount === null) {
    // A decimals or ambiguity problem says so; anything else is the spec's sentence.
    problems.amount =
      (state.amount.trim() === '' ? null : amountProblem(state.amount, cur)) ??
      'Please enter a valid positive amount.';
  }
  const payers = payersProblem(state, participantIds, amount);
  if (payers !== null) problems.payers = payers;
  const split = splitProblem(state, amount);
  if (split !== null) problems.split = split;
  return problems;
}

function payersProblem(
  state: ExpenseFormState,
  participantIds: number[],
  amount: number | null,
): string | null {
  if (state.payers.length === 0) return null;
  const cur = state.currency;
  const payerIds = state.payers.map((p) => p.userId);
  if (payerIds.some((id) => id === null || !participantIds.includes(id))) {
    return 'Please select a valid user for each payer.';
  }
  if (new Set(payerIds).size !== payerIds.length) {
    return 'Each person can appear only once among the payers.';
  }
  if (amount === null) return null;
  const paidCents = state.payers.reduce(
    (sum, p) => sum + toCents(parseAmount(p.amount, cur) ?? 0, cur),
    0,
  );
  if (
    state.payers.some((p) => parseAmount(p.amount, cur) === null) ||
    paidCents !== toCents(amount, cur)
  ) {
    return `Total amount paid (${plain2(paidCents / toCents(1, cur), cur)}) must equal the expense amount (${plain2(amount, cur)}).`;
  }
  return null;
}

function splitProblem(state: ExpenseFormState, amount: number | null): string | null {
  const cur = state.currency;
  if (state.included.length === 0) {
    return 'Please select at least one person to split the expense with.';
  }
  if (state.splitType === 'EQUAL') return null;
  const typed = state.included.map((id) => (state.values[id] ?? '').trim());
  const parsed = typed.map((v) =>
    state.splitType === 'EXACT' ? parseAmount(v, cur) : parseNumber(v),
  );
  if (
    parsed.some((v) => v === null) ||
    typed.some((v) => !valueHasValidPrecision(state.splitType, v, cur))
  ) {
    return `Please enter a valid ${splitNoun(state.splitType)} value for each person.`;
  }
  const numbers = parsed.map((v) => v ?? 0);
  if (state.splitType === 'EXACT') {
    if (amount === null) return null;
    const sumCents = numbers.reduce((s, v) => s + toCents(v, cur), 0);
    if (sumCents !== toCents(amount, cur)) {
      return `Sum of exact split amounts (${plain2(sumCents / toCents(1, cur), cur)}) must equal the expense amount (${plain2(amount, cur)}).`;
    }
  }
  if (state.splitType === 'PERCENTAGE') {
    const total = numbers.reduce((s, v) => s + v, 0);
    if (Math.abs(total - 100) > PERCENT_TOLERANCE) return 'Percentages must add up to 100.';
  }
  if (state.splitType === 'SHARE' && numbers.every((v) => v <= 0)) {
    return 'At least one person must have a positive number of shares.';
  }
  return null;
}

export function buildExpenseRequest(
  state: ExpenseFormState,
  groupId: number | null,
  groupCurrency: string | null = null,
): ExpenseRequest {
  const cur = state.currency;
  const request: ExpenseRequest = {
    description: state.description.trim(),
    amount: plainAmount(state.amount, cur) ?? '0',
    currency: cur,
    date: normaliseDate(state.date),
    groupId,
    splitType: state.splitType,
    payers: state.payers.map((p) => ({
      userId: p.userId ?? 0,
      amountPaid: plainAmount(p.amount, cur) ?? '0',
    })),
    splits: state.included.map((userId) => {
      const typed = state.values[userId] ?? '0';
      const value =
        state.splitType === 'EQUAL'
          ? null
          : state.splitType === 'EXACT'
            ? (plainAmount(typed, cur) ?? typed)
            : typed.trim().replace(',', '.');
      return { userId, value };
    }),
    notes: state.notes.trim() ? state.notes.trim() : null,
  };
  return groupCurrency !== null && groupCurrency !== cur
    ? { ...request, ...conversionRequestFields(state, groupCurrency) }
    : request;
}
