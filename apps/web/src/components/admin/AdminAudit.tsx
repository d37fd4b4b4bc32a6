// The admin area's audit log: every admin action, newest first, with more on demand.
import { useInfiniteQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import type { AdminAuditEntry } from '../../api/types';
import { Alert } from '../Alert';
import { SkeletonList } from '../Skeleton';
import { formatWhen } from './format';

const ACTIONS: Record<string, string> = {
  disable: 'disabled',
  enable: 'enabled',
  delete: 'deleted the account of',
  resend_verification: 'resent the verification e-mail to',
  make_admin: 'made an administrator:',
  remove_admin: 'removed the administrator role of',
  claim_admin: 'claimed the administrator role',
  set_registration: 'changed registration',
  retry_job: 'retried the job',
  test_email: 'sent a test e-mail to',
  download_backup: 'downloaded a backup',
};

/** Actions whose sentence says it all: their target is not repeated after it. */
const UNTARGETED = new Set(['claim_admin', 'download_backup', 'set_registration']);

function detail(entry: AdminAuditEntry): string | null {
  const d = entry.details;
  if (entry.action === 'set_registration') return `${String(d['from'])} → ${String(d['to'])}`;
  if (entry.action === 'test_email')
    return d['sent'] === true ? 'sent' : `failed: ${String(d['error'])}`;
  return null;
}

export function AdminAudit() {
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ pageParam }) => adminApi.audit(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="mb-3 text-lg font-semibold">
        Audit log
      </h2>
      {log.isPending ? (
        <SkeletonList rows={4} />
      ) : log.isError ? (
        <Alert>{errorMessage(log.error)}</Alert>
      ) : entries.length === 0 ? (
        <p className="card p-4 text-muted">No admin action yet.</p>
      ) : (
        <>
          <ol className="card divide-y divide-border" aria-label="Audit log">
            {entries.map((e) => {
              const extra = detail(e);
              const target = UNTARGETED.has(e.action) ? null : e.target;
              return (
                <li key={e.id} className="px-4 py-3" data-testid="audit-entry">
                  <p className="break-words">
                    <span className="font-medium">{e.actor.name}</span>{' '}
                    {ACTIONS[e.action] ?? e.action}
                    {target === null ? '' : ` ${target}`}
                    {extra === null ? '' : ` (${extra})`}
                  </p>
                  <p className="text-xs text-muted">
                    <time dateTime={e.at}>{formatWhen(e.at)}</time> · {e.actor.email}
                  </p>
                </li>
              );
            })}
          </ol>
          {log.hasNextPage ? (
            <button
              type="button"
              className="btn-secondary mt-3"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
