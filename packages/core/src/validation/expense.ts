// Expense request body (docs/api.md §4.4): field shapes, then rules 1–3 in the contract's order.
import {
  formatMinor,
  MSG_INVALID_AMOUNT,
  parseMoney,
  parsePercentageScaled,
  parseShareCount,
  PERCENT_100_SCALED,
  scaledPercentageToNumber,
} from '../money.js';
import type { Cents } from '../money.js';
import type { Message } from '../message.js';
import { isSplitType } from '../split.js';
import type { SplitType } from '../split.js';
import { readOptionalCategory } from '../categories.js';
import type { CategoryId } from '../categories.js';
import { readOptionalCurrency } from './currency.js';
import {
  readId,
  readNonNegativeAmount,
  readOptionalBoolean,
  readOptionalDate,
  readOptionalId,
  readOptionalText,
  readPositiveAmount,
  readRequiredText,
} from './fields.js';
import { checkItemRules, readExpenseItems } from './expense-items.js';
import type { ExpenseItemInput } from './expense-items.js';
import { asRecord, fieldError, fieldOk, IssueCollector, schemaFromValidator } from './issues.js';
import type { FieldRead, ValidationIssue, ValidationResult } from './issues.js';

export const MAX_PAYERS = 50;
export const MAX_SPLITS = 100;
/** Percentages must sum to 100 within 0.005 (in ×10^4 units). */
export const PERCENTAGE_SUM_TOLERANCE_SCALED = 50;

/** Longest description, in characters (the column is varchar(255)); the form counts down to it. */
export const DESCRIPTION_MAX_CHARS = 255;

export const EXPENSE_MESSAGES = {
  descriptionEmpty: /*i18n*/ {
    id: 'expense.descriptionEmpty',
    message: 'Please enter a description.',
  },
  descriptionTooLong: /*i18n*/ {
    id: 'expense.descriptionTooLong',
    message: 'Description must be at most 255 characters.',
  },
  splitType: /*i18n*/ {
    id: 'expense.splitType',
    message: 'Please choose a split type: EQUAL, EXACT, PERCENTAGE or SHARE.',
  },
  noPayers: /*i18n*/ { id: 'expense.noPayers', message: 'At least one payer is required.' },
  tooManyPayers: /*i18n*/ {
    id: 'expense.tooManyPayers',
    message: 'An expense can have at most {MAX_PAYERS} payers.',
    values: { MAX_PAYERS },
  },
  payerUser: /*i18n*/ {
    id: 'expense.payerUser',
    message: 'Please select a valid user for each payer.',
  },
  noSplits: /*i18n*/ {
    id: 'expense.noSplits',
    message: 'Please select at least one person to split the expense with.',
  },
  tooManySplits: /*i18n*/ {
    id: 'expense.tooManySplits',
    message: 'An expense can be split between at most {MAX_SPLITS} people.',
    values: { MAX_SPLITS },
  },
  splitUser: /*i18n*/ {
    id: 'expense.splitUser',
    message: 'Please select a valid user for each person in the split.',
  },
  notesTooLong: /*i18n*/ {
    id: 'expense.notesTooLong',
    message: 'Notes must be at most 2000 characters.',
  },
  groupId: /*i18n*/ { id: 'expense.groupId', message: 'Invalid Group ID.' },
  removeReceipt: /*i18n*/ {
    id: 'expense.removeReceipt',
    message: 'removeReceipt must be true or false.',
  },
  duplicatePayer: /*i18n*/ {
    id: 'expense.duplicatePayer',
    message: 'Each person can appear only once among the payers.',
  },
  duplicateSplit: /*i18n*/ {
    id: 'expense.duplicateSplit',
    message: 'Each person can appear only once in the split.',
  },
  percentagesSum: /*i18n*/ {
    id: 'expense.percentagesSum',
    message: 'Percentages must add up to 100.',
  },
  sharesAllZero: /*i18n*/ {
    id: 'expense.sharesAllZero',
    message: 'At least one person must have a positive number of shares.',
  },
} as const;

export function payerTotalMessage(paid: number, amount: number, currency = 'USD'): Message {
  return /*i18n*/ {
    id: 'expense.payerTotal',
    message: 'Total amount paid ({paid}) must equal the expense amount ({amount}).',
    values: { paid: formatMinor(paid, currency), amount: formatMinor(amount, currency) },
  };
}

export function exactSumMessage(sum: number, amount: number, currency = 'USD'): Message {
  return /*i18n*/ {
    id: 'expense.exactSum',
    message: 'Sum of exact split amounts ({sum}) must equal the expense amount ({amount}).',
    values: { sum: formatMinor(sum, currency), amount: formatMinor(amount, currency) },
  };
}

const SPLIT_VALUE_MESSAGES: Record<Exclude<SplitType, 'EQUAL'>, Message> = {
  EXACT: /*i18n*/ {
    id: 'expense.splitValueExact',
    message: 'Please enter a valid exact value for each person.',
  },
  PERCENTAGE: /*i18n*/ {
    id: 'expense.splitValuePercentage',
    message: 'Please enter a valid percentage value for each person.',
  },
  SHARE: /*i18n*/ {
    id: 'expense.splitValueShare',
    message: 'Please enter a valid share value for each person.',
  },
};

/** Each split type's own sentence (one message each: the type's name is part of the sentence). */
export function splitValueMessage(splitType: Exclude<SplitType, 'EQUAL'>): Message {
  return SPLIT_VALUE_MESSAGES[splitType];
}

export interface ExpensePayerInput {
  readonly userId: number;
  readonly amountPaid: Cents;
}

export interface ExpenseSplitInput {
  readonly userId: number;
  /** EQUAL: null; EXACT: minor units; PERCENTAGE: percentage (≤ 4 decimals); SHARE: whole shares. */
  readonly value: number | null;
}

/**
 * A validated, normalised expense request. `currency`/`date` null = not given. Every amount is
 * in minor units of `amountCurrency`: the request's currency, else the default it was read with.
 */
export interface ExpenseInput {
  readonly description: string;
  readonly amount: Cents;
  readonly currency: string | null;
  readonly amountCurrency: string;
  readonly date: string | null;
  readonly groupId: number | null;
  readonly splitType: SplitType;
  readonly payers: ExpensePayerInput[];
  readonly splits: ExpenseSplitInput[];
  readonly notes: string | null;
  readonly removeReceipt: boolean;
  /** Null = not given: a new expense is General, an edited one keeps its category. */
  readonly category: CategoryId | null;
  /**
   * The receipt's items and who had each (split by item). Null = not given: a new expense has
   * none, an edited one keeps its items while they still explain its split. [] removes them.
   */
  readonly items: ExpenseItemInput[] | null;
}

function readSplitType(input: unknown): FieldRead<SplitType> {
  const text = typeof input === 'string' ? input.trim().toUpperCase() : input;
  return isSplitType(text) ? fieldOk(text) : fieldError(EXPENSE_MESSAGES.splitType);
}

/** Reads one split value according to the split type (docs/api.md §4.4). */
export function readSplitValue(
  splitType: SplitType,
  input: unknown,
  currency = 'USD',
): FieldRead<number | null> {
  switch (splitType) {
    case 'EQUAL':
      return fieldOk(null);
    case 'EXACT': {
      const r = parseMoney(input, currency);
      if (r.ok) return fieldOk(r.cents);
      // Non-numeric or negative: the per-type sentence; decimals and maximum keep §1.3's.
      return fieldError(r.message === MSG_INVALID_AMOUNT ? splitValueMessage('EXACT') : r.message);
    }
    case 'PERCENTAGE': {
      const r = parsePercentageScaled(input);
      return r.ok
        ? fieldOk(scaledPercentageToNumber(r.value))
        : fieldError(splitValueMessage('PERCENTAGE'));
    }
    case 'SHARE': {
      const r = parseShareCount(input);
      return r.ok ? fieldOk(r.value) : fieldError(splitValueMessage('SHARE'));
    }
  }
}

/**
 * Field shapes of §4.4 (no cross-field rules), in the table's order. Amounts are read in the
 * request's currency, or in `defaultCurrency` (the one the expense will have) when it names none.
 */
export function validateExpenseFields(
  input: unknown,
  defaultCurrency = 'USD',
): ValidationResult<ExpenseInput> {
  const body = asRecord(input);
  const c = new IssueCollector();
  const named = readOptionalCurrency(body.currency);
  const amountCurrency = (named.ok ? named.value : null) ?? defaultCurrency;
  const description = c.take(
    ['description'],
    readRequiredText(
      body.description,
      DESCRIPTION_MAX_CHARS,
      EXPENSE_MESSAGES.descriptionEmpty,
      EXPENSE_MESSAGES.descriptionTooLong,
    ),
  );
  const amount = c.take(['amount'], readPositiveAmount(body.amount, amountCurrency));
  const currency = c.take(['currency'], named);
  const date = c.take(['date'], readOptionalDate(body.date));
  const groupId = c.take(['groupId'], readOptionalId(body.groupId, EXPENSE_MESSAGES.groupId));
  const splitType = c.take(['splitType'], readSplitType(body.splitType));

  const payers: ExpensePayerInput[] = [];
  const rawPayers = body.payers;
  if (!Array.isArray(rawPayers) || rawPayers.length === 0) {
    c.add(['payers'], EXPENSE_MESSAGES.noPayers);
  } else if (rawPayers.length > MAX_PAYERS) {
    c.add(['payers'], EXPENSE_MESSAGES.tooManyPayers);
  } else {
    rawPayers.forEach((raw: unknown, i) => {
      const p = asRecord(raw);
      const userId = c.take(['payers', i, 'userId'], readId(p.userId, EXPENSE_MESSAGES.payerUser));
      const amountPaid = c.take(
        ['payers', i, 'amountPaid'],
        readNonNegativeAmount(p.amountPaid, amountCurrency),
      );
      if (userId !== undefined && amountPaid !== undefined) payers.push({ userId, amountPaid });
    });
  }

  const splits: ExpenseSplitInput[] = [];
  const rawSplits = body.splits;
  if (!Array.isArray(rawSplits) || rawSplits.length === 0) {
    c.add(['splits'], EXPENSE_MESSAGES.noSplits);
  } else if (rawSplits.length > MAX_SPLITS) {
    c.add(['splits'], EXPENSE_MESSAGES.tooManySplits);
  } else {
    rawSplits.forEach((raw: unknown, i) => {
      const s = asRecord(raw);
      const userId = c.take(['splits', i, 'userId'], readId(s.userId, EXPENSE_MESSAGES.splitUser));
      const value =
        splitType === undefined
          ? undefined
          : c.take(['splits', i, 'value'], readSplitValue(splitType, s.value, amountCurrency));
      if (userId !== undefined && value !== undefined) splits.push({ userId, value });
    });
  }

  const notes = c.take(
    ['notes'],
    readOptionalText(body.notes, 2000, EXPENSE_MESSAGES.notesTooLong),
  );
  const removeReceipt = c.take(
    ['removeReceipt'],
    readOptionalBoolean(body.removeReceipt, false, EXPENSE_MESSAGES.removeReceipt),
  );
  const category = c.take(['category'], readOptionalCategory(body.category));
  const items = readExpenseItems(c, body.items, amountCurrency);

  return c.result(() => ({
    description: description ?? '',
    amount: amount ?? (0 as Cents),
    currency: currency ?? null,
    amountCurrency,
    date: date ?? null,
    groupId: groupId ?? null,
    splitType: splitType ?? 'EQUAL',
    payers,
    splits,
    notes: notes ?? null,
    removeReceipt: removeReceipt ?? false,
    category: category ?? null,
    items,
  }));
}

/**
 * Rules 1–3 of §4.4 on a shape-valid expense, in order: duplicates (payers, then splits), payer
 * total, split sum. Returns every failing rule; the first is the message.
 */
export function checkExpenseRules(expense: ExpenseInput): ValidationIssue[] {
  const c = new IssueCollector();
  const payerIds = expense.payers.map((p) => p.userId);
  if (new Set(payerIds).size !== payerIds.length)
    c.add(['payers'], EXPENSE_MESSAGES.duplicatePayer);
  const splitIds = expense.splits.map((s) => s.userId);
  if (new Set(splitIds).size !== splitIds.length)
    c.add(['splits'], EXPENSE_MESSAGES.duplicateSplit);

  const paid = expense.payers.reduce((t, p) => t + p.amountPaid, 0);
  if (paid !== expense.amount) {
    c.add(['payers'], payerTotalMessage(paid, expense.amount, expense.amountCurrency));
  }

  switch (expense.splitType) {
    case 'EQUAL':
      break;
    case 'EXACT': {
      const sum = expense.splits.reduce((t, s) => t + (s.value ?? 0), 0);
      if (sum !== expense.amount) {
        c.add(['splits'], exactSumMessage(sum, expense.amount, expense.amountCurrency));
      }
      break;
    }
    case 'PERCENTAGE': {
      let sum = 0;
      for (const s of expense.splits) {
        const r = parsePercentageScaled(s.value);
        sum += r.ok ? r.value : 0;
      }
      if (Math.abs(sum - PERCENT_100_SCALED) > PERCENTAGE_SUM_TOLERANCE_SCALED) {
        c.add(['splits'], EXPENSE_MESSAGES.percentagesSum);
      }
      break;
    }
    case 'SHARE':
      if (!expense.splits.some((s) => (s.value ?? 0) > 0)) {
        c.add(['splits'], EXPENSE_MESSAGES.sharesAllZero);
      }
      break;
  }
  // Then, when items are given, that they explain the split (expense-items.ts).
  if (c.ok && expense.items !== null) {
    for (const issue of checkItemRules({ ...expense, items: expense.items })) {
      c.add(issue.path, issue.message);
    }
  }
  return c.issues;
}

/** Field shapes, then (when they pass) rules 1–3. */
export function validateExpenseInput(
  input: unknown,
  defaultCurrency = 'USD',
): ValidationResult<ExpenseInput> {
  const fields = validateExpenseFields(input, defaultCurrency);
  if (!fields.ok) return fields;
  const issues = checkExpenseRules(fields.value);
  return issues.length === 0 ? fields : { ok: false, issues };
}

/** Shape only (the API checks the group and permissions before the rules). */
export const expenseFieldsSchema = schemaFromValidator((input) => validateExpenseFields(input));

/** The full client-side/API validation of §4.4 rules up to 3. */
export const expenseInputSchema = schemaFromValidator((input) => validateExpenseInput(input));
