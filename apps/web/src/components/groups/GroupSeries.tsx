import { Trans, useLingui } from '@lingui/react/macro';
import type { Series } from '../../api/types';
import { useGroupSeries } from '../../hooks/useSeries';
import { formatDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { describeEnd, REPEATS_LABELS } from '../../lib/recurrence';
import { RepeatIcon } from '../icons';

interface Props {
  groupId: number;
  onEnd: (series: Series) => void;
}

/**
 * The group's active recurring expenses with their next date and an "End" action. Shows
 * nothing while there are none, so groups without recurring expenses look as before.
 */
export function GroupSeries({ groupId, onEnd }: Props) {
  const { t } = useLingui();
  const { data, error } = useGroupSeries(groupId);
  if (error) {
    return (
      <section aria-labelledby="series-title" className="mb-6">
        <SeriesTitle />
        <p className="card p-4 text-sm text-danger">{error.message}</p>
      </section>
    );
  }
  const active = (data ?? []).filter((s) => !s.ended);
  if (active.length === 0) return null;
  return (
    <section aria-labelledby="series-title" className="mb-6">
      <SeriesTitle />
      <ul className="card divide-y divide-border">
        {active.map((s) => {
          const end = describeEnd(s.endDate, s.endCount);
          return (
            <li key={s.id} className="flex min-h-16 items-center gap-3 px-4 py-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                <RepeatIcon className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-start gap-2">
                  <span className="min-w-0 flex-1 font-medium break-words">
                    {s.template.description}
                  </span>
                  <span className="shrink-0 text-sm font-semibold">
                    {formatMoney(s.template.amount, s.template.currency)}
                  </span>
                </span>
                <span className="block text-xs text-muted">
                  {REPEATS_LABELS[s.frequency]}
                  {end ? `, ${end}` : ''} ·{' '}
                  {s.nextDate
                    ? t`Next: ${{ date: formatDate(s.nextDate) }}`
                    : t`No further repeats`}
                </span>
              </span>
              <button
                type="button"
                className="btn-ghost px-2 text-muted hover:text-danger"
                onClick={() => onEnd(s)}
                aria-label={t`End series: ${{ description: s.template.description }}`}
              >
                <Trans>End</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SeriesTitle() {
  return (
    <h2 id="series-title" className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
      <Trans>Recurring</Trans>
    </h2>
  );
}
