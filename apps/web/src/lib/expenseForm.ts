// Pure state helpers of the expense form: defaults, validation (@evenly/core's expense rules and
// sentences, spec §5), split preview, request.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { checkExpenseRules, EXPENSE_MESSAGES, validateExpenseFields } from '@evenly/core';
import type { IssuePath } from '@evenly/core';
import type { Expense, ExpenseRequest, SplitType, User } from '../api/types';
import { type CategoryId, DEFAULT_CATEGORY, toCategoryId } from './categories';
import { DEFAULT_CURRENCY } from './constants';
import { normaliseDate, todayIso } from './dates';
import { amountForInput, amountProblem, parseAmount, plainAmount, toCents } from './money';
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
  /** The category chosen (meaningful while `categoryChosen`). */
  category: CategoryId;
  /**
   * The person picked the category (or it was saved with the expense): suggestions never replace
   * it. Until then the form shows and sends the suggestion, else General.
   */
  categoryChosen: boolean;
}

/** How each split type is named on screen (shown with `i18n._`). */
export const SPLIT_TYPE_LABELS: Record<SplitType, MessageDescriptor> = {
  EQUAL: msg`Equally`,
  EXACT: msg`Exact amounts`,
  PERCENTAGE: msg`Percentages`,
  SHARE: msg`Shares`,
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
      category: DEFAULT_CATEGORY,
      categoryChosen: false,
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
    // A saved expense's category is a choice: an edit never swaps it for a suggestion.
    category: toCategoryId(expense.category),
    categoryChosen: true,
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

/** The form's own sentence while nothing is filled in yet (spec §5); the API never says it. */
export const EXPENSE_FORM_EMPTY_MESSAGE = msg`Please fill in description, amount (>0), and select participants.`;

/** A problem of the form at a field path: core's descriptor, or the form's own. */
export interface FormIssue {
  readonly path: IssuePath;
  readonly message: MessageDescriptor;
}

/** Where each field's problems come in the form, top to bottom: description, amount, payers, split. */
const FORM_ORDER = ['description', 'amount', 'payers', 'splits'];

function formRank(issue: FormIssue): number {
  const rank = FORM_ORDER.indexOf(String(issue.path[0]));
  return rank === -1 ? FORM_ORDER.length : rank;
}

/**
 * Every problem of the form, each with its field path (`['payers', 1, 'userId']`), in the order
 * the form shows its fields. The rules and sentences are the API's (@evenly/core's expense
 * validator, run on the request the form would send); the form adds only what the server cannot
 * know: the one sentence for an empty form, payers among the participants shown, and the
 * amount typed in the user's locale.
 */
export function expenseFormIssues(state: ExpenseFormState, participantIds: number[]): FormIssue[] {
  const cur = state.currency;
  if (!state.description.trim() && state.amount.trim() === '') {
    return [{ path: [], message: EXPENSE_FORM_EMPTY_MESSAGE }];
  }
  const fields = validateExpenseFields(buildExpenseRequest(state, null), cur);
  const issues: FormIssue[] = fields.ok
    ? []
    : fields.issues.map((issue) =>
        // An amount the locale reader refused says why (an ambiguous "1.234", a maximum) or keeps
        // the spec's sentence; the request carried "0" in its place.
        issue.path[0] === 'amount' && state.amount.trim() !== ''
          ? { ...issue, message: amountProblem(state.amount, cur) ?? issue.message }
          : issue,
      );
  state.payers.forEach((payer, i) => {
    if (payer.userId !== null && !participantIds.includes(payer.userId)) {
      issues.push({ path: ['payers', i, 'userId'], message: EXPENSE_MESSAGES.payerUser });
    }
  });
  if (fields.ok && issues.length === 0) issues.push(...checkExpenseRules(fields.value));
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => formRank(a.issue) - formRank(b.issue) || a.index - b.index)
    .map(({ issue }) => issue);
}

/** The first problem of the form (expenseFormIssues), or null when it can be sent. */
export function validateExpenseForm(
  state: ExpenseFormState,
  participantIds: number[],
): MessageDescriptor | null {
  return expenseFormIssues(state, participantIds)[0]?.message ?? null;
}

/** The expense form's fields that can have a problem of their own, in the form's order. */
export type ExpenseField = 'description' | 'amount' | 'payers' | 'split';

const FIELD_OF: Readonly<Record<string, ExpenseField>> = {
  description: 'description',
  amount: 'amount',
  payers: 'payers',
  splits: 'split',
  splitType: 'split',
};

/**
 * Every problem of the form by field, for errors beside the fields (issue #13 point 2); empty when
 * it can be sent. The rules and sentences are expenseFormIssues' (the API's), but all fields at
 * once: the payers' total and the split's sums are checked as soon as the amount and the values
 * are readable, even while another field (the description, say) still has a problem. No payer at
 * all is not reported: the payers editor says so itself and saving is disabled.
 */
export function expenseFormProblems(
  state: ExpenseFormState,
  participantIds: number[],
): Partial<Record<ExpenseField, MessageDescriptor>> {
  const problems: Partial<Record<ExpenseField, MessageDescriptor>> = {};
  const add = (issue: FormIssue) => {
    const field = FIELD_OF[String(issue.path[0])];
    if (field !== undefined) problems[field] ??= issue.message;
  };
  const described = state.description.trim() !== '';
  // The empty form's one sentence is for a banner; beside the fields each says its own.
  const issues = expenseFormIssues(
    described ? state : { ...state, description: '-' },
    participantIds,
  );
  if (!described) problems.description = EXPENSE_MESSAGES.descriptionEmpty;
  issues.forEach(add);
  if (state.payers.length === 0) delete problems.payers;
  return problems;
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
      // The split fields start empty: an empty one counts as 0, as its placeholder shows, so
      // the sums are checked (and the messages given) as if 0 had been typed.
      const text = state.values[userId] ?? '';
      const typed = text.trim() === '' ? '0' : text;
      const value =
        state.splitType === 'EQUAL'
          ? null
          : state.splitType === 'EXACT'
            ? (plainAmount(typed, cur) ?? typed)
            : typed.trim().replace(',', '.');
      return { userId, value };
    }),
    notes: state.notes.trim() ? state.notes.trim() : null,
    category: state.category,
  };
  return groupCurrency !== null && groupCurrency !== cur
    ? { ...request, ...conversionRequestFields(state, groupCurrency) }
    : request;
}
