import { Trans, useLingui } from '@lingui/react/macro';
import type { Expense } from '../../api/types';
import { formatDate } from '../../lib/dates';
import { categoryName } from '../../lib/categories';
import { SPLIT_TYPE_LABELS } from '../../lib/expenseForm';
import { expenseNets } from '../../lib/expenseNets';
import { formatMoney, fromCents } from '../../lib/money';
import { describeEnd, describeRecurrence, REPEATS_LABELS } from '../../lib/recurrence';
import { ExternalIcon, RepeatIcon } from '../icons';
import { Modal } from '../Modal';
import { CategoryBadge } from '../category/CategoryIcon';
import { CommentsSection } from './CommentsSection';
import { ExpenseItems } from './ExpenseItems';
import { formatList } from '../../lib/numberFormats';

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
  const { t, i18n } = useLingui();
  const nameOf = (user: { id: number; name: string }, meId: number) =>
    user.id === meId ? t`You` : user.name;
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
              <Trans>Delete this one</Trans>
            </button>
            <button type="button" className="btn-secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </button>
            <button
              type="button"
              className={active && onEditFuture ? 'btn-secondary' : 'btn-primary'}
              onClick={onEdit}
            >
              <Trans>Edit this one</Trans>
            </button>
            {active && onEditFuture ? (
              <button type="button" className="btn-primary" onClick={onEditFuture}>
                <Trans>Edit this and future</Trans>
              </button>
            ) : null}
          </>
        ) : (
          <>
            <button type="button" className="btn-danger me-auto" onClick={onDelete}>
              <Trans>Delete</Trans>
            </button>
            <button type="button" className="btn-secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </button>
            <button type="button" className="btn-primary" onClick={onEdit}>
              <Trans>Edit</Trans>
            </button>
          </>
        )
      }
    >
      <p className="text-3xl font-bold">{formatMoney(expense.amount, expense.currency)}</p>
      {expense.conversion ? (
        <p className="text-sm text-muted">
          <ConversionLine expense={expense} conversion={expense.conversion} />
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
              ? t`This series has ended.`
              : series.nextDate
                ? t`Next: ${{ date: formatDate(series.nextDate) }}`
                : t`No further repeats.`}
          </p>
          {active && (onSkipNext || onEndSeries) ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {series.nextDate && onSkipNext ? (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => onSkipNext(series.nextDate ?? '')}
                >
                  <Trans>Skip next</Trans>
                </button>
              ) : null}
              {onEndSeries ? (
                <button type="button" className="btn-secondary" onClick={onEndSeries}>
                  <Trans>End series</Trans>
                </button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">
          <Trans>Category</Trans>
        </dt>
        <dd className="flex items-center gap-2" data-testid="expense-category">
          <CategoryBadge id={expense.category} />
          {categoryName(i18n, expense.category)}
        </dd>
        <dt className="text-muted">
          <Trans>Paid by</Trans>
        </dt>
        <dd>
          {formatList(
            expense.payers.map(
              (p) => `${nameOf(p.user, meId)} (${formatMoney(p.amountPaid, expense.currency)})`,
            ),
          )}
        </dd>
        <dt className="text-muted">
          <Trans>Split</Trans>
        </dt>
        <dd>{i18n._(SPLIT_TYPE_LABELS[expense.splitType])}</dd>
      </dl>
      <h3 className="mt-4 mb-2 font-semibold">
        <Trans>Who owes what</Trans>
      </h3>
      <ul className="divide-y divide-border rounded-xl border border-border text-sm">
        {expenseNets(expense).map((row) => {
          const you = row.user.id === meId;
          const name = nameOf(row.user, meId);
          const amount = formatMoney(
            fromCents(Math.abs(row.net), expense.currency),
            expense.currency,
          );
          const paid = formatMoney(fromCents(row.paid, expense.currency), expense.currency);
          const share = formatMoney(fromCents(row.share, expense.currency), expense.currency);
          const detail = [row.paid > 0 ? t`paid ${paid}` : null, t`share ${share}`]
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
                  ? you
                    ? t`get back ${amount}`
                    : t`gets back ${amount}`
                  : row.net < 0
                    ? you
                      ? t`owe ${amount}`
                      : t`owes ${amount}`
                    : t`settled`}
              </span>
            </li>
          );
        })}
      </ul>
      <ExpenseItems expense={expense} meId={meId} />
      {expense.notes ? (
        <>
          <h3 className="mt-4 mb-1 font-semibold">
            <Trans>Notes</Trans>
          </h3>
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
          <Trans>View receipt</Trans> <ExternalIcon className="size-4" />
        </a>
      ) : null}
      <CommentsSection expenseId={expense.id} meId={meId} expense={expense} />
    </Modal>
  );
}

/** "€20.83 at 1 JPY = 0.00625 EUR (rate of 2026-05-01)": what a converted expense counted as. */
function ConversionLine({
  expense,
  conversion,
}: {
  expense: Expense;
  conversion: NonNullable<Expense['conversion']>;
}) {
  const converted = formatMoney(conversion.amount, conversion.currency);
  const from = expense.currency;
  const rate = conversion.exchangeRateText;
  const to = conversion.currency;
  const rateDate = conversion.rateDate;
  if (conversion.rateSource === 'SERVICE' && rateDate) {
    return (
      <Trans>
        {converted} at 1 {from} = {rate} {to} (rate of {rateDate})
      </Trans>
    );
  }
  if (conversion.rateSource === 'CHARGED') {
    return (
      <Trans>
        {converted} at 1 {from} = {rate} {to} (as charged)
      </Trans>
    );
  }
  return (
    <Trans>
      {converted} at 1 {from} = {rate} {to} (rate entered)
    </Trans>
  );
}
