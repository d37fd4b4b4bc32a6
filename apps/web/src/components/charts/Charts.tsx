import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
// Charts of the charts screens (issue #14 point 3), drawn with plain HTML and CSS in the theme's
// tokens (no chart library: these are bars and columns, and the screens load nothing more).
// Every chart is one image for screen readers (role="img" with its values in the name) and has
// a table view behind a "Show as table" toggle, with the same figures, for keyboard and screen
// reader users and for anyone who wants the exact numbers.
import { useId, useState, type ReactNode } from 'react';
import { formatMoney } from '../../lib/money';
import { CategoryIcon } from '../category/CategoryIcon';
import {
  monthAxisLabels,
  monthLabel,
  spansYears,
  usePageLocale,
  type Period,
} from '../../lib/charts';
import { categoryName } from '../../lib/categories';
import { formatList } from '../../lib/numberFormats';

export interface TableView {
  columns: string[];
  /** The first cell of each row is its header. */
  rows: string[][];
}

/** A titled card with a chart, or its table (toggled; the choice stays per card). */
export function ChartCard({
  title,
  description,
  table,
  children,
  testId,
}: {
  title: string;
  description?: string;
  table: TableView;
  children: ReactNode;
  testId?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const regionId = useId();
  return (
    <section className="card mb-4 p-4" aria-labelledby={headingId} data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted">{description}</p> : null}
        </div>
        <button
          type="button"
          className="btn-secondary min-h-9 px-3 py-1 text-xs"
          aria-pressed={asTable}
          aria-controls={regionId}
          onClick={() => setAsTable((v) => !v)}
        >
          <Trans>Show as table</Trans>
        </button>
      </div>
      <div id={regionId}>{asTable ? <DataTable caption={title} table={table} /> : children}</div>
    </section>
  );
}

export function DataTable({ caption, table }: { caption: string; table: TableView }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-start text-muted">
            {table.columns.map((c, i) => (
              <th key={c} scope="col" className={`py-2 font-medium ${i > 0 ? 'text-end' : ''}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]} className="border-b border-border last:border-0">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="py-2 pe-2 text-start font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="py-2 text-end tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function share(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(1, Math.round((value / max) * 1000) / 10);
}

/** Horizontal bars, largest first: categories (icon, label, amount). */
export function CategoryBars({
  lines,
  currency,
  label,
}: {
  lines: { category: string; label: string; amount: number }[];
  currency: string;
  label: string;
}) {
  const { i18n } = useLingui();
  const max = Math.max(0, ...lines.map((l) => l.amount));
  const name = `${label}: ${formatList(
    lines.map((l) => `${categoryName(i18n, l.category)} ${formatMoney(l.amount, currency)}`),
    'items',
  )}`;
  return (
    <div role="img" aria-label={name}>
      <ul className="flex flex-col gap-3" aria-hidden="true">
        {lines.map((l) => (
          <li key={l.category} className="flex items-center gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-muted">
              <CategoryIcon id={l.category} className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
                <span className="truncate">{categoryName(i18n, l.category)}</span>
                <span className="shrink-0 font-medium tabular-nums">
                  {formatMoney(l.amount, currency)}
                </span>
              </div>
              <div className="h-2.5 overflow-hidden rounded-full bg-surface-2">
                <div
                  className="h-full rounded-full bg-chart-1"
                  style={{ width: `${String(share(l.amount, max))}%` }}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Columns per month (the latest 12 in the chart; the table has them all). */
export function MonthColumns({
  lines,
  currency,
  label,
}: {
  lines: { month: string; amount: number }[];
  currency: string;
  label: string;
}) {
  const locale = usePageLocale();
  const shown = lines.slice(-12);
  const months = shown.map((l) => l.month);
  const withYears = spansYears(months);
  const upright = shown.length <= 6;
  const max = Math.max(0, ...shown.map((l) => l.amount));
  const withValues = shown.length <= 6;
  const name = `${label}: ${formatList(
    shown.map((l) => `${monthLabel(l.month, 'long', locale)} ${formatMoney(l.amount, currency)}`),
    'items',
  )}`;
  return (
    <div role="img" aria-label={name}>
      <div aria-hidden="true" className="flex h-48 items-end gap-1 border-b border-border sm:gap-2">
        {shown.map((l) => (
          <div
            key={l.month}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end"
          >
            {withValues ? (
              <span className="mb-1 max-w-full truncate text-[11px] font-medium tabular-nums">
                {formatMoney(l.amount, currency)}
              </span>
            ) : null}
            <div
              className="w-full max-w-12 rounded-t-md bg-chart-1"
              style={{ height: `${String(share(l.amount, max) * 0.85)}%` }}
              title={`${monthLabel(l.month, 'long', locale)}: ${formatMoney(l.amount, currency)}`}
            />
          </div>
        ))}
      </div>
      {/* With years ("Oct 2025") up to six labels wrap onto two lines; more do not fit a phone's
          card side by side: they turn to read upwards, each within its column, rather than
          break inside the year or overlap. */}
      <div aria-hidden="true" className="mt-1 flex gap-1 sm:gap-2">
        {monthAxisLabels(months, locale).map((text, i) => (
          <span key={months[i]} className="flex min-w-0 flex-1 justify-center">
            <span
              data-testid="month-axis-label"
              className={`max-w-full text-center text-xs leading-tight text-muted ${
                !withYears
                  ? 'truncate'
                  : upright
                    ? 'break-words'
                    : 'rotate-180 whitespace-nowrap [writing-mode:vertical-rl]'
              }`}
            >
              {text}
            </span>
          </span>
        ))}
      </div>
    </div>
  );
}

/** Each person's paid (series 1) and share (series 2), side by side. */
export function PaidShareBars({
  members,
  currency,
  label,
}: {
  members: { user: { id: number; name: string }; paid: number; share: number }[];
  currency: string;
  label: string;
}) {
  const { t } = useLingui();
  const max = Math.max(0, ...members.flatMap((m) => [m.paid, m.share]));
  const name = `${label}: ${members
    .map((m) => {
      const person = m.user.name;
      const paid = formatMoney(m.paid, currency);
      const owed = formatMoney(m.share, currency);
      return t`${person} paid ${paid}, share ${owed}`;
    })
    .join('; ')}`;
  const paidLabel = t`Paid`;
  const shareLabel = t`Share`;
  return (
    <div role="img" aria-label={name}>
      <div aria-hidden="true">
        <div className="mb-3 flex gap-4 text-xs text-muted">
          <span className="flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-chart-1" /> {paidLabel}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-chart-2" /> {shareLabel}
          </span>
        </div>
        <ul className="flex flex-col gap-4">
          {members.map((m) => (
            <li key={m.user.id}>
              <p className="mb-1 truncate text-sm font-medium">{m.user.name}</p>
              {(
                [
                  ['paid', m.paid, 'bg-chart-1'],
                  ['share', m.share, 'bg-chart-2'],
                ] as const
              ).map(([what, value, color]) => (
                <div key={what} className="mb-1 flex items-center gap-2">
                  <div className="h-2.5 flex-1 overflow-hidden rounded-full bg-surface-2">
                    <div
                      className={`h-full rounded-full ${color}`}
                      style={{ width: `${String(share(value, max))}%` }}
                    />
                  </div>
                  <span className="w-24 shrink-0 text-end text-xs tabular-nums">
                    {formatMoney(value, currency)}
                  </span>
                </div>
              ))}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Currency tabs when a report has more than one (each currency is charted on its own). */
export function CurrencyPicker({
  currencies,
  value,
  onChange,
}: {
  currencies: string[];
  value: string;
  onChange: (c: string) => void;
}) {
  const { t } = useLingui();
  if (currencies.length < 2) return null;
  return (
    <div role="group" aria-label={t`Currency`} className="mb-4 flex flex-wrap gap-2">
      {currencies.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={c === value}
          onClick={() => onChange(c)}
          className={`btn min-h-9 px-3 py-1 text-xs ${
            c === value ? 'bg-primary text-on-primary' : 'border border-border bg-surface'
          }`}
        >
          {c}
        </button>
      ))}
    </div>
  );
}

export function PeriodSelect({
  value,
  onChange,
}: {
  value: Period;
  onChange: (p: Period) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="mb-4 flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        <Trans>Period</Trans>
      </label>
      <select
        id={id}
        className="field w-auto min-w-40"
        value={value}
        onChange={(e) => onChange(e.target.value as Period)}
      >
        <option value="all">{t`All time`}</option>
        <option value="12m">{t`Last 12 months`}</option>
        <option value="year">{t`This year`}</option>
      </select>
    </div>
  );
}

/** The report's total in the chosen currency, under the currency tabs ("Total spent", "My share"). */
export function ReportTotal({
  label,
  amount,
  currency,
}: {
  label: string;
  amount: number;
  currency: string;
}) {
  return (
    <p className="mb-4 text-sm text-muted">
      <Trans>
        {label}:{' '}
        <span className="text-lg font-semibold text-fg tabular-nums" data-testid="report-total">
          {ph({ amount: formatMoney(amount, currency) })}
        </span>
      </Trans>
    </p>
  );
}
