import type { Expense } from '../../api/types';
import { formatDate } from '../../lib/dates';
import { categoryLabel } from '../../lib/categories';
import { SPLIT_LABELS } from '../../lib/expenseForm';
import { expenseNets } from '../../lib/expenseNets';
import { formatMoney, fromCents } from '../../lib/money';
import { describeEnd, describeRecurrence, REPEATS_LABELS } from '../../lib/recurrence';
import { ExternalIcon, RepeatIcon } from '../icons';
import { Modal } from '../Modal';
import { CategoryBadge } from '../category/CategoryIcon';
import { CommentsSection } from './CommentsSection';
import { ExpenseItems } from './ExpenseItems';

interface Props {
  expense: Expense;
  meId: number;
  /** Edit this expense (for an occurrence: this one only). */
  onEdit: () => void;
  /** Delete this expense (for an occurrence: this one only). */
  onDelete: () => void;
  onClose: () => void;
  /** Occurrences of a series: edit this and the later ones. */
  onEditFuture?: () => void;
  /** Occurrences of a series: skip the series' next date. */
  onSkipNext?: (date: string) => void;
  /** Occurrences of a series: end it. */
  onEndSeries?: () => void;
}

const nameOf = (user: { id: number; name: string }, meId: number) =>
  user.id === meId ? 'You' : user.name;

export function ExpenseDetailModal({
  expense,
  meId,
  onEdit,
  onDelete,
  onClose,
  onEditFuture,
  onSkipNext,
  onEndSeries,
}: Props) {
  const series = expense.series ?? null;
  const active = series !== null && !series.ended;
  return (
    <Modal
      title={expense.description}
      onClose={onClose}
      footer={
        series ? (
          <>
            <button type="button" className="btn-danger me-auto" onClick={onDelete}>
              Delete this one
            </button>
            <button type="button" className="btn-secondary" onClick={onClose}>
              Close
            </button>
            <button
              type="button"
              className={active && onEditFuture ? 'btn-secondary' : 'btn-primary'}
              onClick={onEdit}
            >
              Edit this one
            </button>
            {active && onEditFuture ? (
              <button type="button" className="btn-primary" onClick={onEditFuture}>
                Edit this and future
              </button>
            ) : null}
          </>
        ) : (
          <>
            <button type="button" className="btn-danger me-auto" onClick={onDelete}>
              Delete
            </button>
            <button type="button" className="btn-secondary" onClick={onClose}>
              Close
            </button>
            <button type="button" className="btn-primary" onClick={onEdit}>
              Edit
            </button>
          </>
        )
      }
    >
      <p className="text-3xl font-bold">{formatMoney(expense.amount, expense.currency)}</p>
      {expense.conversion ? (
        <p className="text-sm text-muted">
          {formatMoney(expense.conversion.amount, expense.conversion.currency)} at 1{' '}
          {expense.currency} = {expense.conversion.exchangeRateText} {expense.conversion.currency}
          {expense.conversion.rateSource === 'SERVICE' && expense.conversion.rateDate
            ? ` (rate of ${expense.conversion.rateDate})`
            : expense.conversion.rateSource === 'CHARGED'
              ? ' (as charged)'
              : ' (rate entered)'}
        </p>
      ) : null}
      <p className="text-sm text-muted">{formatDate(expense.date)}</p>
      {series ? (
        <section
          aria-labelledby="expense-series-title"
          className="mt-3 rounded-xl border border-border bg-surface-2 p-3 text-sm"
        >
          <h3 id="expense-series-title" className="flex items-center gap-2 font-semibold">
            <RepeatIcon className="size-4 text-primary" />
            {REPEATS_LABELS[series.frequency]}
          </h3>
          <p className="mt-1 text-xs text-muted">
            {describeRecurrence(series.frequency, series.startDate, series.timeZone)}
            {describeEnd(series.endDate, series.endCount)
              ? ` · ${describeEnd(series.endDate, series.endCount)}`
              : ''}
          </p>
          <p className="mt-1">
            {series.ended
              ? 'This series has ended.'
              : series.nextDate
                ? `Next: ${formatDate(series.nextDate)}`
                : 'No further repeats.'}
          </p>
          {active && (onSkipNext || onEndSeries) ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {series.nextDate && onSkipNext ? (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => onSkipNext(series.nextDate ?? '')}
                >
                  Skip next
                </button>
              ) : null}
              {onEndSeries ? (
                <button type="button" className="btn-secondary" onClick={onEndSeries}>
                  End series
                </button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Category</dt>
        <dd className="flex items-center gap-2" data-testid="expense-category">
          <CategoryBadge id={expense.category} />
          {categoryLabel(expense.category)}
        </dd>
        <dt className="text-muted">Paid by</dt>
        <dd>
          {expense.payers
            .map((p) => `${nameOf(p.user, meId)} (${formatMoney(p.amountPaid, expense.currency)})`)
            .join(', ')}
        </dd>
        <dt className="text-muted">Split</dt>
        <dd>{SPLIT_LABELS[expense.splitType]}</dd>
      </dl>
      <h3 className="mt-4 mb-2 font-semibold">Who owes what</h3>
      <ul className="divide-y divide-border rounded-xl border border-border text-sm">
        {expenseNets(expense).map((row) => {
          const you = row.user.id === meId;
          const name = nameOf(row.user, meId);
          const amount = formatMoney(
            fromCents(Math.abs(row.net), expense.currency),
            expense.currency,
          );
          const detail = [
            row.paid > 0
              ? `paid ${formatMoney(fromCents(row.paid, expense.currency), expense.currency)}`
              : null,
            `share ${formatMoney(fromCents(row.share, expense.currency), expense.currency)}`,
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={row.user.id} className="flex items-baseline justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span className="block">{name}</span>
                <span className="block text-xs text-muted">{detail}</span>
              </span>
              <span
                className={`shrink-0 text-right font-medium ${
                  row.net > 0 ? 'text-owed' : row.net < 0 ? 'text-owe' : 'text-muted'
                }`}
              >
                {row.net > 0
                  ? `${you ? 'get back' : 'gets back'} ${amount}`
                  : row.net < 0
                    ? `${you ? 'owe' : 'owes'} ${amount}`
                    : 'settled'}
              </span>
            </li>
          );
        })}
      </ul>
      <ExpenseItems expense={expense} meId={meId} />
      {expense.notes ? (
        <>
          <h3 className="mt-4 mb-1 font-semibold">Notes</h3>
          <p className="text-sm whitespace-pre-wrap text-muted">{expense.notes}</p>
        </>
      ) : null}
      {expense.receiptUrl ? (
        <a
          href={expense.receiptUrl}
          target="_blank"
          rel="noreferrer"
          className="mt-3 inline-flex min-h-11 items-center gap-2 font-medium text-primary hover:underline"
        >
          View receipt <ExternalIcon className="size-4" />
        </a>
      ) : null}
      <CommentsSection expenseId={expense.id} meId={meId} expense={expense} />
    </Modal>
  );
}
