import { Trans, useLingui } from '@lingui/react/macro';
import type { Expense } from '../../api/types';
import { savedItems } from '../../lib/itemSplit';
import { formatMoney } from '../../lib/money';
import { formatList } from '../../lib/numberFormats';

/**
 * The items an expense was split by (issue #31 point 2): each line, its price and who had it,
 * in the order entered. Nothing for an expense without items.
 */
export function ExpenseItems({ expense, meId }: { expense: Expense; meId: number }) {
  const { t } = useLingui();
  const items = savedItems(expense);
  if (items.length === 0) return null;
  const who = (users: Expense['items'][number]['users']) =>
    formatList(users.map((u) => (u.id === meId ? t`You` : u.name)));
  return (
    <section aria-labelledby="expense-items-title">
      <h3 id="expense-items-title" className="mt-4 mb-2 font-semibold">
        <Trans>Items</Trans>
      </h3>
      <ul
        className="divide-y divide-border rounded-xl border border-border text-sm"
        aria-label={t`Items and who had each`}
      >
        {items.map((item, i) => (
          <li
            // Items have no id of their own: their place on the receipt is theirs.
            key={i}
            className="flex items-baseline justify-between gap-3 px-3 py-2"
          >
            <span className="min-w-0">
              <span className="block break-words">{item.description}</span>
              <span className="block text-xs text-muted">{who(item.users)}</span>
            </span>
            <span className="shrink-0 text-end font-medium">
              {formatMoney(item.amount, expense.currency)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
