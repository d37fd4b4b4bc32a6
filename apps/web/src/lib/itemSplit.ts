// Splitting an expense by the items on its receipt (issue #15): rows of name, price and the
// people sharing each; @evenly/core's splitByItems turns them into an EXACT split that sums to
// the total, tax, service and rounding spread in proportion.
import { splitByItems } from '@evenly/core';
import type { ReceiptItem } from '../api/types';
import { amountForInput, amountProblem, fromCents, parseAmountMinor } from './money';

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

export type ItemSplitOutcome =
  | {
      ok: true;
      /** EXACT split values as the form types them, by user id. */
      values: Record<number, string>;
      included: number[];
      /** Minor units: total − Σ items, spread in proportion. */
      extra: number;
      /** Minor units per person, for the preview. */
      shares: Map<number, number>;
    }
  | { ok: false; message: string };

/** The EXACT split the rows give for `totalText` (the form's amount) in `currency`. */
export function splitRows(totalText: string, currency: string, rows: ItemRow[]): ItemSplitOutcome {
  const total = parseAmountMinor(totalText, currency);
  if (total === null || total <= 0) {
    return { ok: false, message: 'Please enter the expense amount first.' };
  }
  const items: { amount: number; people: number[] }[] = [];
  for (const [i, row] of rows.entries()) {
    const label = row.name.trim() || `Item ${String(i + 1)}`;
    // A discount line may be typed with a minus sign.
    const negative = row.price.trim().startsWith('-');
    const minor = parseAmountMinor(row.price.trim().replace(/^-\s*/, ''), currency);
    if (minor === null) {
      return {
        ok: false,
        message:
          (row.price.trim() ? amountProblem(row.price.replace(/^-\s*/, ''), currency) : null) ??
          `Please enter a price for "${label}".`,
      };
    }
    items.push({ amount: negative ? -minor : minor, people: row.people });
  }
  const r = splitByItems(
    total,
    items,
    rows.map((row, i) => row.name.trim() || `Item ${String(i + 1)}`),
  );
  if (!r.ok) return r;
  return {
    ok: true,
    included: r.shares.map((s) => s.userId),
    values: Object.fromEntries(
      r.shares.map((s) => [s.userId, amountForInput(fromCents(s.amount, currency), currency)]),
    ),
    extra: r.extra,
    shares: new Map(r.shares.map((s) => [s.userId, s.amount])),
  };
}
