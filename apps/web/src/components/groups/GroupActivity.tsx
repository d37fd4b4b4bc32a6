import { Trans, useLingui } from '@lingui/react/macro';
import { isExpense, type Expense, type Payment, type Transaction } from '../../api/types';
import { parseIsoDate } from '../../lib/dates';
import { intlLocale, type WebLocale } from '../../i18n/locale';
import { expenseEffect, type Figure } from '../../lib/expenseEffect';
import { formatMoney } from '../../lib/money';
import { categoryName } from '../../lib/categories';
import { CategoryBadge } from '../category/CategoryIcon';
import { RepeatBadge } from '../expense/RepeatBadge';
import { EditIcon, NotesIcon, ReceiptIcon, ScaleIcon, TrashIcon } from '../icons';
import { formatList } from '../../lib/numberFormats';

interface Props {
  transactions: Transaction[];
  meId: number;
  onOpenExpense: (expense: Expense) => void;
  /** Without these, payment rows are shown without Edit and Delete. */
  onEditPayment?: (payment: Payment) => void;
  onDeletePayment?: (payment: Payment) => void;
}

function sortKey(t: Transaction): string {
  return `${t.date.slice(0, 10)}|${t.createdAt}`;
}

function DateBadge({ date, locale }: { date: string; locale: string }) {
  const d = parseIsoDate(date);
  return (
    <span className="flex w-10 shrink-0 flex-col items-center text-muted" aria-hidden="true">
      <span className="text-[10px] font-semibold uppercase">
        {d.toLocaleDateString(locale, { month: 'short' })}
      </span>
      <span className="text-lg leading-none font-semibold text-fg">{d.getDate()}</span>
    </span>
  );
}

/**
 * "you borrowed €20.83 (JP¥3,333)": in a converting group the figure is what reaches the balance,
 * in the group's currency, the entered amount beside it in smaller text; one run of inline text,
 * so a screen reader reads it as one sentence.
 */
function ExpenseEffect({ expense, meId }: { expense: Expense; meId: number }) {
  const { t } = useLingui();
  const effect = expenseEffect(expense, meId);
  const others = formatList(
    expense.payers.filter((p) => p.user.id !== meId).map((p) => p.user.name),
  );
  const money = (f: Figure) => formatMoney(f.amount, f.currency);
  const paid = money(effect.paid);
  const balance = money(effect.balance);
  const original = effect.original ? (
    <span className="text-[11px] font-normal text-muted"> ({money(effect.original)})</span>
  ) : null;
  return (
    <span className="mt-0.5 flex flex-wrap items-baseline justify-between gap-x-2 text-xs">
      <span className="text-muted">
        {effect.paid.amount > 0
          ? others.length > 0
            ? t`you paid ${paid} (with ${others})`
            : t`you paid ${paid}`
          : t`${others} paid`}
      </span>
      {effect.sign > 0 ? (
        <span className="font-semibold text-owed" data-testid="expense-effect">
          <Trans>you lent {balance}</Trans>
          {original}
        </span>
      ) : effect.sign < 0 ? (
        <span className="font-semibold text-owe" data-testid="expense-effect">
          <Trans>you borrowed {balance}</Trans>
          {original}
        </span>
      ) : (
        <span className="text-muted">
          <Trans>no balance</Trans>
        </span>
      )}
    </span>
  );
}

/** Expenses and payments, newest first, under sticky month headers. */
export function GroupActivity({
  transactions,
  meId,
  onOpenExpense,
  onEditPayment,
  onDeletePayment,
}: Props) {
  const { t, i18n } = useLingui();
  const locale = intlLocale(i18n.locale as WebLocale);
  const sorted = [...transactions].sort((a, b) => sortKey(b).localeCompare(sortKey(a)));
  const months: { label: string; items: Transaction[] }[] = [];
  for (const entry of sorted) {
    const label = parseIsoDate(entry.date).toLocaleDateString(locale, {
      month: 'long',
      year: 'numeric',
    });
    const last = months[months.length - 1];
    if (last && last.label === label) last.items.push(entry);
    else months.push({ label, items: [entry] });
  }
  /** "You paid Bea", "Ana paid you", "Ana paid Bea". */
  const paidText = (payment: Payment) => {
    const from = payment.paidBy.name;
    const to = payment.paidTo.name;
    if (payment.paidBy.id === meId) return t`You paid ${to}`;
    if (payment.paidTo.id === meId) return t`${from} paid you`;
    return t`${from} paid ${to}`;
  };

  return (
    <div className="card overflow-clip">
      {months.map((month) => (
        <section key={month.label} aria-label={month.label}>
          <h3 className="sticky top-0 z-10 border-b border-border bg-surface-2/95 px-4 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase backdrop-blur">
            {month.label}
          </h3>
          <ul className="divide-y divide-border">
            {month.items.map((entry) =>
              isExpense(entry) ? (
                <li key={`e-${entry.id}`}>
                  <button
                    type="button"
                    className="flex min-h-16 w-full items-center gap-3 px-4 py-3 text-start hover:bg-surface-2"
                    onClick={() => onOpenExpense(entry)}
                  >
                    <DateBadge date={entry.date} locale={locale} />
                    <CategoryBadge id={entry.category} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-start gap-2">
                        <span className="min-w-0 flex-1 font-medium break-words">
                          {entry.description}
                          <span className="sr-only"> ({categoryName(i18n, entry.category)})</span>
                          {entry.notes ? (
                            <>
                              <NotesIcon className="ms-1.5 inline size-4 align-[-2px] text-muted" />
                              <span className="sr-only">
                                {' '}
                                <Trans>(has notes)</Trans>
                              </span>
                            </>
                          ) : null}
                          {entry.receiptUrl ? (
                            <>
                              <ReceiptIcon className="ms-1 inline size-4 align-[-2px] text-muted" />
                              <span className="sr-only">
                                {' '}
                                <Trans>(has receipt)</Trans>
                              </span>
                            </>
                          ) : null}
                        </span>
                        <span className="shrink-0 text-end text-sm font-semibold">
                          {formatMoney(entry.amount, entry.currency)}
                          {entry.conversion ? (
                            <span className="block text-xs font-normal text-muted">
                              ≈ {formatMoney(entry.conversion.amount, entry.conversion.currency)}
                            </span>
                          ) : null}
                        </span>
                      </span>
                      {entry.series ? (
                        <RepeatBadge series={entry.series} className="mt-0.5" />
                      ) : null}
                      <ExpenseEffect expense={entry} meId={meId} />
                    </span>
                  </button>
                </li>
              ) : (
                <li key={`p-${entry.id}`} className="flex min-h-16 items-center gap-3 px-4 py-3">
                  <DateBadge date={entry.date} locale={locale} />
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                    <ScaleIcon className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium break-words">
                      {paidText(entry)}
                      {entry.exchangeId ? (
                        <span className="text-muted">
                          {' · '}
                          <Trans>currency exchange</Trans>
                        </span>
                      ) : null}
                    </span>
                    <span className="block text-xs text-muted">
                      {formatMoney(entry.amount, entry.currency)}
                      {entry.conversion
                        ? ` · ${formatMoney(entry.conversion.amount, entry.conversion.currency)}`
                        : ''}
                    </span>
                  </span>
                  {onEditPayment && onDeletePayment ? (
                    <>
                      {/* The two payments of a currency exchange are deleted together, never edited. */}
                      {entry.exchangeId ? null : (
                        <button
                          type="button"
                          className="btn-ghost px-2 text-muted"
                          onClick={() => onEditPayment?.(entry)}
                          aria-label={t`Edit payment: ${{ from: entry.paidBy.name }} paid ${{ to: entry.paidTo.name }}`}
                        >
                          <EditIcon className="size-5" />
                          <span className="sr-only sm:not-sr-only">
                            <Trans>Edit</Trans>
                          </span>
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn-ghost px-2 text-muted hover:text-danger"
                        onClick={() => onDeletePayment?.(entry)}
                        aria-label={t`Delete payment: ${{ from: entry.paidBy.name }} paid ${{ to: entry.paidTo.name }}`}
                      >
                        <TrashIcon className="size-5" />
                        <span className="sr-only sm:not-sr-only">
                          <Trans>Delete</Trans>
                        </span>
                      </button>
                    </>
                  ) : null}
                </li>
              ),
            )}
          </ul>
        </section>
      ))}
    </div>
  );
}
