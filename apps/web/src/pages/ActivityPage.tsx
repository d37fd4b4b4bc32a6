import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/authContext';
import { Effect, KindIcon } from '../components/activity/ActivityParts';
import { CategoryBadge } from '../components/category/CategoryIcon';
import { hasCategoryIcon } from '../lib/categories';
import { describe, target } from '../lib/activityText';
import { ActivityIcon, SearchIcon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useActivity } from '../hooks/useBalances';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { formatDateTime } from '../lib/dates';

export default function ActivityPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Activity`);
  const me = useCurrentUser();
  const { data, isPending, error } = useActivity();
  return (
    <>
      <PageHeader
        title={t`Recent activity`}
        actions={
          <Link to="/app/search" className="btn-ghost px-3" aria-label={t`Search expenses`}>
            <SearchIcon className="size-5" />
            <span className="hidden sm:inline">
              <Trans>Search expenses</Trans>
            </span>
          </Link>
        }
      />
      {isPending ? (
        <SkeletonList rows={5} />
      ) : error ? (
        <p role="alert" className="card p-4 text-danger">
          {error.message}
        </p>
      ) : data.length === 0 ? (
        <div className="card flex flex-col items-center gap-2 p-8 text-center">
          <ActivityIcon className="size-10 text-muted" />
          <p className="font-semibold">
            <Trans>No activity yet</Trans>
          </p>
          <p className="text-sm text-muted">
            <Trans>Expenses and groups you take part in will show up here.</Trans>
          </p>
        </div>
      ) : (
        <ul className="card divide-y divide-border">
          {data.map((item) => {
            const content = (
              <>
                {hasCategoryIcon(item) ? (
                  <CategoryBadge id={item.category} size="md" />
                ) : (
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                    <KindIcon type={item.type} />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="text-sm">{describe(item, me)}</p>
                  <Effect item={item} myId={me.id} />
                  <p className="text-xs text-muted" translate="no">
                    {formatDateTime(item.createdAt)}
                  </p>
                </div>
              </>
            );
            return (
              <li key={item.id}>
                {target(item) ? (
                  <Link to={target(item) ?? ''} className="flex gap-3 px-4 py-3 hover:bg-surface-2">
                    {content}
                  </Link>
                ) : (
                  <div className="flex gap-3 px-4 py-3">{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
