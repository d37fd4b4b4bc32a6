import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SkeletonList } from '../Skeleton';

/**
 * A chart page's report until there is something to chart: loading, the error with Retry, or
 * the empty state with its way on; then `children` with the report.
 */
export function ReportStatus<R extends { currencies: readonly unknown[] }>({
  report,
  skeletonRows,
  errorFallback,
  empty,
  children,
}: {
  report: UseQueryResult<R>;
  skeletonRows: number;
  /** Said when the error has no message of its own. */
  errorFallback: string;
  /** The empty state: what it says, why, and where to go (a link). */
  empty: { title: string; text: string; action: ReactNode };
  children: (report: R) => ReactNode;
}) {
  const { t } = useLingui();
  if (report.isPending) {
    return (
      <div aria-busy="true" aria-label={t`Loading charts`}>
        <SkeletonList rows={skeletonRows} height="h-40" />
      </div>
    );
  }
  if (report.error) {
    return (
      <div role="alert" className="card p-4 text-danger">
        <p>{t`Error: ${{ message: report.error.message || errorFallback }}`}</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void report.refetch()}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
  if (report.data.currencies.length === 0) {
    return (
      <div className="card p-6 text-center">
        <p className="font-medium">{empty.title}</p>
        <p className="mt-1 text-sm text-muted">{empty.text}</p>
        {empty.action}
      </div>
    );
  }
  return children(report.data);
}
