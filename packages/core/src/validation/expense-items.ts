// The items of an expense split by item (issue #31 point 2): what was on the receipt and who
// had each, saved with the expense so that it can be shown and edited later. The shapes here;
// the rule that the items explain the split is `checkItemRules`.
import { parseMoney } from '../money.js';
import type { Cents } from '../money.js';
import { cents } from '../money.js';
import { splitByItems } from '../item-split.js';
import { readId, readRequiredText } from './fields.js';
import { asRecord, IssueCollector } from './issues.js';
import type { ValidationIssue } from './issues.js';

export const MAX_ITEMS = 200;
export const ITEM_DESCRIPTION_MAX_CHARS = 255;

export const ITEM_MESSAGES = {
  notList: /*i18n*/ { id: 'items.notList', message: 'items must be a list of items.' },
  tooMany: /*i18n*/ {
    id: 'items.tooMany',
    message: 'An expense can have at most {MAX_ITEMS} items.',
    values: { MAX_ITEMS },
  },
  description: /*i18n*/ { id: 'items.description', message: 'Please enter a name for each item.' },
  descriptionTooLong: /*i18n*/ {
    id: 'items.descriptionTooLong',
    message: 'Item names must be at most {ITEM_DESCRIPTION_MAX_CHARS} characters.',
    values: { ITEM_DESCRIPTION_MAX_CHARS },
  },
  amount: /*i18n*/ {
    id: 'items.amount',
    message: 'Please enter a valid price for each item (negative for a discount).',
  },
  noPeople: /*i18n*/ { id: 'items.noPeople', message: 'Please choose who had each item.' },
  person: /*i18n*/ {
    id: 'items.person',
    message: 'Please select a valid user for each person who had an item.',
  },
  duplicatePerson: /*i18n*/ {
    id: 'items.duplicatePerson',
    message: 'Each person can appear only once on an item.',
  },
  exactOnly: /*i18n*/ {
    id: 'items.exactOnly',
    message: 'An expense split by item must have splitType EXACT.',
  },
  notInSplit: /*i18n*/ {
    id: 'items.notInSplit',
    message: 'Everyone who had an item must be in the split.',
  },
  splitDiffers: /*i18n*/ {
    id: 'items.splitDiffers',
    message:
      'The split must be the one the items give: each item shared equally by the people who had it, the rest of the amount spread in proportion.',
  },
} as const;

/** One item as sent and stored: its line total in minor units (negative for a discount). */
export interface ExpenseItemInput {
  readonly description: string;
  readonly amount: Cents;
  /** Who had it, in the order given; at least one, no one twice. */
  readonly userIds: number[];
}

/** A signed money amount: a discount line is negative ("-2.50" or -2.5). */
function readSignedAmount(input: unknown, currency: string): Cents | null {
  let magnitude: unknown = input;
  let negative = false;
  if (typeof input === 'number' && input < 0) {
    magnitude = -input;
    negative = true;
  } else if (typeof input === 'string' && input.trim().startsWith('-')) {
    magnitude = input.trim().slice(1).trim();
    negative = true;
  }
  const r = parseMoney(magnitude, currency);
  if (!r.ok) return null;
  return cents(negative ? -r.cents : r.cents);
}

/**
 * Reads `items` (absent or null → null: the expense has no items, or on an edit keeps those
 * that still explain its split). Issues go to `items[i].field` in `c`.
 */
export function readExpenseItems(
  c: IssueCollector,
  input: unknown,
  currency: string,
): ExpenseItemInput[] | null {
  if (input === undefined || input === null) return null;
  if (!Array.isArray(input)) {
    c.add(['items'], ITEM_MESSAGES.notList);
    return null;
  }
  if (input.length > MAX_ITEMS) {
    c.add(['items'], ITEM_MESSAGES.tooMany);
    return null;
  }
  const items: ExpenseItemInput[] = [];
  input.forEach((raw: unknown, i) => {
    const item = asRecord(raw);
    const description = c.take(
      ['items', i, 'description'],
      readRequiredText(
        item.description,
        ITEM_DESCRIPTION_MAX_CHARS,
        ITEM_MESSAGES.description,
        ITEM_MESSAGES.descriptionTooLong,
      ),
    );
    const amount = readSignedAmount(item.amount, currency);
    if (amount === null) c.add(['items', i, 'amount'], ITEM_MESSAGES.amount);
    const userIds: number[] = [];
    if (!Array.isArray(item.userIds) || item.userIds.length === 0) {
      c.add(['items', i, 'userIds'], ITEM_MESSAGES.noPeople);
    } else {
      for (const [j, id] of (item.userIds as unknown[]).entries()) {
        const read = c.take(['items', i, 'userIds', j], readId(id, ITEM_MESSAGES.person));
        if (read !== undefined) userIds.push(read);
      }
      if (new Set(userIds).size !== userIds.length) {
        c.add(['items', i, 'userIds'], ITEM_MESSAGES.duplicatePerson);
      }
    }
    if (description !== undefined && amount !== null) {
      items.push({ description, amount, userIds });
    }
  });
  return items;
}

/** What the item rules look at: the expense's amount, split and items. */
export interface ItemizedExpense {
  readonly amount: number;
  readonly splitType: string;
  readonly splits: readonly { readonly userId: number; readonly value: number | null }[];
  readonly items: readonly ExpenseItemInput[];
}

/**
 * The split each item list gives: the shares `splitByItems` computes, by user id. Null when
 * the items cannot give one (nothing positive, someone missing).
 */
export function itemShares(
  amount: number,
  items: readonly ExpenseItemInput[],
): Map<number, number> | null {
  const r = splitByItems(
    amount,
    items.map((i) => ({ amount: i.amount, people: i.userIds })),
  );
  return r.ok ? new Map(r.shares.map((s) => [s.userId, s.amount])) : null;
}

/**
 * Whether the items explain the split: an EXACT split whose every person's value is what
 * `splitByItems` gives them (0 for people in the split who had nothing), everyone who had an
 * item being in the split. The items then always agree with the balances, and reopening the
 * split by item shows the same shares.
 */
export function checkItemRules(e: ItemizedExpense): ValidationIssue[] {
  const c = new IssueCollector();
  if (e.items.length === 0) return c.issues;
  if (e.splitType !== 'EXACT') {
    c.add(['splitType'], ITEM_MESSAGES.exactOnly);
    return c.issues;
  }
  const inSplit = new Set(e.splits.map((s) => s.userId));
  for (const [i, item] of e.items.entries()) {
    if (item.userIds.some((id) => !inSplit.has(id))) {
      c.add(['items', i, 'userIds'], ITEM_MESSAGES.notInSplit);
      return c.issues;
    }
  }
  const shares = itemShares(e.amount, e.items);
  if (shares === null || e.splits.some((s) => (s.value ?? 0) !== (shares.get(s.userId) ?? 0))) {
    c.add(['items'], ITEM_MESSAGES.splitDiffers);
  }
  return c.issues;
}
