// Splitting a receipt by item (issue #15): each item is shared equally by the people it is
// assigned to, and whatever the items do not account for (tax, service, rounding, discounts
// printed below the items) is spread in proportion to each person's items. The result is an
// EXACT split in minor units that sums to the total, computed with the one split function.
import type { Message } from './message.js';
import { cents } from './money.js';
import type { Cents } from './money.js';
import { splitAmount } from './split.js';

export interface AssignedItem {
  /** The item's line total in minor units (a discount line is negative). */
  readonly amount: number;
  /** The people sharing it (ids); at least one. */
  readonly people: readonly number[];
}

export type ItemSplitResult =
  | {
      ok: true;
      /** Every person's share, in minor units, in order of first appearance; sums to total. */
      shares: { userId: number; amount: Cents }[];
      /** total − Σ items: spread in proportion (tax, service, rounding; negative for discounts). */
      extra: Cents;
    }
  | { ok: false; message: Message };

export const ITEM_SPLIT_MESSAGES = {
  noItems: /*i18n*/ { id: 'itemSplit.noItems', message: 'Add at least one item.' },
  unassigned: (name: string): Message => /*i18n*/ ({
    id: 'itemSplit.unassigned',
    message: 'Please assign "{name}" to at least one person.',
    values: { name },
  }),
  /** An item without a name, by its number (`Item 2` in English). */
  unassignedNumber: (number: number): Message => /*i18n*/ ({
    id: 'itemSplit.unassignedNumber',
    message: 'Please assign "Item {number}" to at least one person.',
    values: { number },
  }),
  notPositive: /*i18n*/ {
    id: 'itemSplit.notPositive',
    message: 'The items must add up to more than zero.',
  },
} as const;

/** `amount` (may be negative) over weights with the one split function, sign kept. */
function spread(amount: number, weights: readonly bigint[]): number[] {
  if (amount === 0) return weights.map(() => 0);
  const parts = splitAmount(cents(Math.abs(amount)), weights);
  return parts.map((p) => (amount < 0 ? -p : p));
}

/**
 * Each person's share of `total` (minor units) for items assigned to people. Shares of an item
 * are equal (the one split function places the odd cents); the rest of the total is spread by
 * the people's item subtotals. `names` label the items in messages.
 */
export function splitByItems(
  total: number,
  items: readonly AssignedItem[],
  names: readonly (string | undefined)[] = [],
): ItemSplitResult {
  if (items.length === 0) return { ok: false, message: ITEM_SPLIT_MESSAGES.noItems };
  const order: number[] = [];
  const subtotal = new Map<number, number>();
  for (const [i, item] of items.entries()) {
    const people = [...new Set(item.people)];
    if (people.length === 0) {
      const name = names[i];
      return {
        ok: false,
        message:
          name === undefined
            ? ITEM_SPLIT_MESSAGES.unassignedNumber(i + 1)
            : ITEM_SPLIT_MESSAGES.unassigned(name),
      };
    }
    const parts = spread(
      item.amount,
      people.map(() => 1n),
    );
    people.forEach((id, j) => {
      if (!subtotal.has(id)) order.push(id);
      subtotal.set(id, (subtotal.get(id) ?? 0) + (parts[j] ?? 0));
    });
  }
  const itemsSum = [...subtotal.values()].reduce((s, v) => s + v, 0);
  if (itemsSum <= 0) return { ok: false, message: ITEM_SPLIT_MESSAGES.notPositive };
  const extra = total - itemsSum;
  // In proportion to what each person's items came to; someone whose items net to zero or less
  // (only a discount) carries none of it.
  const weights = order.map((id) => BigInt(Math.max(0, subtotal.get(id) ?? 0)));
  const extras = spread(extra, weights);
  const shares = order.map((userId, i) => ({
    userId,
    amount: cents((subtotal.get(userId) ?? 0) + (extras[i] ?? 0)),
  }));
  return { ok: true, shares, extra: cents(extra) };
}

/**
 * Items that add up to less than this percentage of the amount before tax and service mean
 * the receipt has lines nobody entered (issue #31 point 2): spreading the gap "in proportion"
 * would call most of the bill tax.
 */
export const ITEMS_COVERAGE_MIN_PERCENT = 90;

/**
 * What the items leave out of `beforeCharges` (the amount before tax and service, minor units)
 * when they add up to less than {@link ITEMS_COVERAGE_MIN_PERCENT} of it; null when they cover
 * it well enough (the rest is then taken for tax, service and rounding).
 */
export function itemsShortfall(itemsSum: number, beforeCharges: number): Cents | null {
  if (beforeCharges <= 0) return null;
  return itemsSum * 100 < beforeCharges * ITEMS_COVERAGE_MIN_PERCENT
    ? cents(beforeCharges - itemsSum)
    : null;
}
