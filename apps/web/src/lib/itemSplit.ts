// Splitting an expense by the items on its receipt (issue #15): rows of name, price and the
// people sharing each; @evenly/core's splitByItems turns them into an EXACT split that sums to
// the total, tax, service and rounding spread in proportion. The rows are saved with the
// expense (issue #31 point 2) and come back when it is edited.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatMinor, itemsShortfall, splitByItems } from '@evenly/core';
import type { Expense, ExpenseItemRequest, ReceiptItem } from '../api/types';
import { amountForInput, amountProblem, fromCents, parseAmountMinor, toCents } from './money';

export interface ItemRow {
  /** Stable key for React lists. */
  key: number;
  name: string;
  /** The line total as typed, in the expense's currency. */
  price: string;
  /** Ids of the people sharing this item. */
  people: number[];
}

let nextKey = 1;

export function newItemRow(name = '', price = '', people: number[] = []): ItemRow {
  nextKey += 1;
  return { key: nextKey, name, price, people };
}

/** Rows from a scan's items (quantity folded into the name: "2 × Wantan Mee"). */
export function rowsFromScan(items: readonly ReceiptItem[], currency: string): ItemRow[] {
  return items.map((i) =>
    newItemRow(
      (i.quantity ?? 1) > 1 ? `${String(i.quantity)} × ${i.name}` : i.name,
      amountForInput(i.price, currency),
    ),
  );
}

/**
 * An expense's saved items; none for an expense read before items existed (a copy kept offline
 * from an earlier version, or another server's answer without the field).
 */
export function savedItems(expense: Pick<Expense, 'items'>): Expense['items'] {
  return (expense as { items?: Expense['items'] }).items ?? [];
}

/** Rows from an expense's saved items: name, price as typed, who had each. */
export function rowsFromSaved(items: Expense['items'], currency: string): ItemRow[] {
  return items.map((i) =>
    newItemRow(
      i.description,
      amountForInput(i.amount, currency),
      i.users.map((u) => u.id),
    ),
  );
}

export type ItemSplitOutcome =
  | {
      ok: true;
      /** The items as the API takes them (`items` of the expense). */
      items: ExpenseItemRequest[];
      /**
       * Minor units the items leave out of the total when they cover less than 90% of it
       * (lines missing from the scan), else null.
       */
      shortfall: number | null;
      /** Minor units: Σ items. */
      itemsSum: number;
      /** Minor units the items are measured against: the receipt's subtotal, else the total. */
      base: number;
      /** Whether `base` is the subtotal the receipt prints (before tax and service). */
      baseIsSubtotal: boolean;
      /** EXACT split values as the form types them, by user id. */
      values: Record<number, string>;
      included: number[];
      /** Minor units: total − Σ items, spread in proportion. */
      extra: number;
      /** Minor units per person, for the preview. */
      shares: Map<number, number>;
    }
  | { ok: false; message: MessageDescriptor };

/** Split by item before an amount is typed. */
export const ITEM_AMOUNT_FIRST = msg`Please enter the expense amount first.`;

/**
 * The EXACT split the rows give for `totalText` (the form's amount) in `currency`. `subtotal`:
 * the amount before tax and service a scanned receipt prints (major units), when it does.
 */
export function splitRows(
  totalText: string,
  currency: string,
  rows: ItemRow[],
  subtotal: number | null = null,
): ItemSplitOutcome {
  const total = parseAmountMinor(totalText, currency);
  if (total === null || total <= 0) {
    return { ok: false, message: ITEM_AMOUNT_FIRST };
  }
  const items: { amount: number; people: number[] }[] = [];
  // The items' names for the problems; an unnamed one is named by its number in the message.
  const names = rows.map((row) => row.name.trim() || undefined);
  for (const [i, row] of rows.entries()) {
    const name = names[i];
    const number = i + 1;
    // A discount line may be typed with a minus sign.
    const negative = row.price.trim().startsWith('-');
    const minor = parseAmountMinor(row.price.trim().replace(/^-\s*/, ''), currency);
    if (minor === null) {
      return {
        ok: false,
        message:
          (row.price.trim() ? amountProblem(row.price.replace(/^-\s*/, ''), currency) : null) ??
          (name === undefined
            ? msg`Please enter a price for "Item ${number}".`
            : msg`Please enter a price for "${name}".`),
      };
    }
    items.push({ amount: negative ? -minor : minor, people: row.people });
  }
  const r = splitByItems(total, items, names);
  if (!r.ok) return r;
  const itemsSum = total - r.extra;
  // The measure is the amount before tax and service: the receipt's subtotal when it
  // prints one; otherwise the total is all there is.
  const printed = subtotal === null ? null : toCents(subtotal, currency);
  const base = printed !== null && printed > 0 && printed <= total ? printed : total;
  return {
    ok: true,
    items: items.map((item, i) => ({
      // Saved as typed; an unnamed item is saved as "Item 2", the same text for everyone.
      // eslint-disable-next-line lingui/no-unlocalized-strings -- saved data, not shown as a message
      description: names[i] ?? `Item ${String(i + 1)}`,
      amount: formatMinor(item.amount, currency),
      userIds: [...new Set(item.people)],
    })),
    shortfall: itemsShortfall(itemsSum, base),
    itemsSum,
    base,
    baseIsSubtotal: base !== total,
    included: r.shares.map((s) => s.userId),
    values: Object.fromEntries(
      r.shares.map((s) => [s.userId, amountForInput(fromCents(s.amount, currency), currency)]),
    ),
    extra: r.extra,
    shares: new Map(r.shares.map((s) => [s.userId, s.amount])),
  };
}

/**
 * The `items` a save sends: the rows while the form's split is still the one they give (the
 * person may have changed the split or the amount by hand since), [] to remove saved items that
 * no longer hold, and nothing for an expense that never had items.
 */
export function itemsForRequest(
  form: { amount: string; currency: string; splitType: string; included: number[] },
  values: Record<number, string>,
  rows: ItemRow[],
  hadItems: boolean,
): ExpenseItemRequest[] | undefined {
  const none = hadItems ? [] : undefined;
  if (rows.length === 0 || form.splitType !== 'EXACT') return none;
  const r = splitRows(form.amount, form.currency, rows);
  if (!r.ok) return none;
  const same =
    r.included.length === form.included.length &&
    form.included.every(
      (id) => parseAmountMinor(values[id] ?? '0', form.currency) === (r.shares.get(id) ?? 0),
    );
  return same ? r.items : none;
}
