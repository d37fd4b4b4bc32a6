import { useLingui } from '@lingui/react/macro';
import type { ExpenseSeriesInfo } from '../../api/types';
import { REPEATS_LABELS } from '../../lib/recurrence';
import { RepeatIcon } from '../icons';

/** "↻ Repeats monthly" on an occurrence of a series (and "ended" once it is). */
export function RepeatBadge({
  series,
  className = '',
}: {
  series: Pick<ExpenseSeriesInfo, 'frequency' | 'ended'>;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <span className={`inline-flex items-center gap-1 text-xs text-muted ${className}`}>
      <RepeatIcon className="size-3.5 shrink-0" />
      {REPEATS_LABELS[series.frequency]}
      {series.ended ? ` · ${t`ended`}` : ''}
    </span>
  );
}
