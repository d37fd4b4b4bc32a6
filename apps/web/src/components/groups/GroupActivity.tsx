import { isExpense, type Expense, type Payment, type Transaction } from '../../api/types';
import { formatMonthYear, parseIsoDate } from '../../lib/dates';
import { expenseEffect, type Figure } from '../../lib/expenseEffect';
import { formatMoney } from '../../lib/money';
import { categoryLabel } from '../../lib/categories';
import { CategoryBadge } from '../category/CategoryIcon';
import { RepeatBadge } from '../expense/RepeatBadge';
import { EditIcon, NotesIcon, ReceiptIcon, ScaleIcon, TrashIcon } from '../icons';

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

function DateBadge({ date }: { date: string }) {
  const d = parseIsoDate(date);
  return (
    <span className="flex w-10 shrink-0 flex-col items-center text-muted" aria-hidden="true">
      <span className="text-[10px] font-semibold uppercase">
        {d.toLocaleDateString('en-US', { month: 'short' })}
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
  const effect = expenseEffect(expense, meId);
  const others = expense.payers.filter((p) => p.user.id !== meId).map((p) => p.user.name);
  const money = (f: Figure) => formatMoney(f.amount, f.currency);
  const original = effect.original ? (
    <span className="text-[11px] font-normal text-muted"> ({money(effect.original)})</span>
  ) : null;
  return (
    <span className="mt-0.5 flex flex-wrap items-baseline justify-between gap-x-2 text-xs">
      <span className="text-muted">
        {effect.paid.amount > 0 ? `you paid ${money(effect.paid)}` : `${others.join(', ')} paid`}
        {effect.paid.amount > 0 && others.length > 0 ? ` (with ${others.join(', ')})` : ''}
      </span>
      {effect.sign > 0 ? (
        <span className="font-semibold text-owed" data-testid="expense-effect">
          you lent {money(effect.balance)}
          {original}
        </span>
      ) : effect.sign < 0 ? (
        <span className="font-semibold text-owe" data-testid="expense-effect">
          you borrowed {money(effect.balance)}
          {original}
        </span>
      ) : (
        <span className="text-muted">no balance</span>
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
  const sorted = [...transactions].sort((a, b) => sortKey(b).localeCompare(sortKey(a)));
  const months: { label: string; items: Transaction[] }[] = [];
  for (const t of sorted) {
    const label = formatMonthYear(t.date);
    const last = months[months.length - 1];
    if (last && last.label === label) last.items.push(t);
    else months.push({ label, items: [t] });
  }
  const who = (user: { id: number; name: string }, start: boolean) =>
    user.id === meId ? (start ? 'You' : 'you') : user.name;

  return (
    <div className="card overflow-clip">
      {months.map((month) => (
        <section key={month.label} aria-label={month.label}>
          <h3 className="sticky top-0 z-10 border-b border-border bg-surface-2/95 px-4 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase backdrop-blur">
            {month.label}
          </h3>
          <ul className="divide-y divide-border">
            {month.items.map((t) =>
              isExpense(t) ? (
                <li key={`e-${t.id}`}>
                  <button
                    type="button"
                    className="flex min-h-16 w-full items-center gap-3 px-4 py-3 text-start hover:bg-surface-2"
                    onClick={() => onOpenExpense(t)}
                  >
                    <DateBadge date={t.date} />
                    <CategoryBadge id={t.category} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-start gap-2">
                        <span className="min-w-0 flex-1 font-medium break-words">
                          {t.description}
                          <span className="sr-only"> ({categoryLabel(t.category)})</span>
                          {t.notes ? (
                            <>
                              <NotesIcon className="ms-1.5 inline size-4 align-[-2px] text-muted" />
                              <span className="sr-only"> (has notes)</span>
                            </>
                          ) : null}
                          {t.receiptUrl ? (
                            <>
                              <ReceiptIcon className="ms-1 inline size-4 align-[-2px] text-muted" />
                              <span className="sr-only"> (has receipt)</span>
                            </>
                          ) : null}
                        </span>
                        <span className="shrink-0 text-end text-sm font-semibold">
                          {formatMoney(t.amount, t.currency)}
                          {t.conversion ? (
                            <span className="block text-xs font-normal text-muted">
                              ≈ {formatMoney(t.conversion.amount, t.conversion.currency)}
                            </span>
                          ) : null}
                        </span>
                      </span>
                      {t.series ? <RepeatBadge series={t.series} className="mt-0.5" /> : null}
                      <ExpenseEffect expense={t} meId={meId} />
                    </span>
                  </button>
                </li>
              ) : (
                <li key={`p-${t.id}`} className="flex min-h-16 items-center gap-3 px-4 py-3">
                  <DateBadge date={t.date} />
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                    <ScaleIcon className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium break-words">
                      {who(t.paidBy, true)} paid {who(t.paidTo, false)}
                      {t.exchangeId ? (
                        <span className="text-muted"> · currency exchange</span>
                      ) : null}
                    </span>
                    <span className="block text-xs text-muted">
                      {formatMoney(t.amount, t.currency)}
                      {t.conversion
                        ? ` · ${formatMoney(t.conversion.amount, t.conversion.currency)}`
                        : ''}
                    </span>
                  </span>
                  {onEditPayment && onDeletePayment ? (
                    <>
                      {/* The two payments of a currency exchange are deleted together, never edited. */}
                      {t.exchangeId ? null : (
                        <button
                          type="button"
                          className="btn-ghost px-2 text-muted"
                          onClick={() => onEditPayment?.(t)}
                          aria-label={`Edit payment: ${t.paidBy.name} paid ${t.paidTo.name}`}
                        >
                          <EditIcon className="size-5" />
                          <span className="sr-only sm:not-sr-only">Edit</span>
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn-ghost px-2 text-muted hover:text-danger"
                        onClick={() => onDeletePayment?.(t)}
                        aria-label={`Delete payment: ${t.paidBy.name} paid ${t.paidTo.name}`}
                      >
                        <TrashIcon className="size-5" />
                        <span className="sr-only sm:not-sr-only">Delete</span>
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
