// The admin area's audit log: every admin action, newest first, with more on demand.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { Trans as Message } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminApi } from '../../api/admin';
import type { AdminAuditEntry } from '../../api/types';
import { Alert } from '../Alert';
import { SkeletonList } from '../Skeleton';
import { appErrorText } from '../../lib/appErrors';
import { formatWhen } from './format';

/** Each action's sentence: {actor} did it, to {target} where it has one. */
const ACTIONS: Record<string, MessageDescriptor> = {
  disable: msg({ message: '{actor} disabled {target}' }),
  enable: msg({ message: '{actor} enabled {target}' }),
  delete: msg({ message: '{actor} deleted the account of {target}' }),
  resend_verification: msg({ message: '{actor} resent the verification e-mail to {target}' }),
  make_admin: msg({ message: '{actor} made an administrator: {target}' }),
  remove_admin: msg({ message: '{actor} removed the administrator role of {target}' }),
  claim_admin: msg({ message: '{actor} claimed the administrator role' }),
  set_registration: msg({ message: '{actor} changed registration ({from} → {to})' }),
  retry_job: msg({ message: '{actor} retried the job {target}' }),
  download_backup: msg({ message: '{actor} downloaded a backup' }),
};

/** The registration modes as the log names them. */
const MODES: Record<string, MessageDescriptor> = {
  open: msg`open`,
  invite: msg`invite`,
  closed: msg`closed`,
};

function mode(i18n: I18n, value: unknown): string {
  const known = typeof value === 'string' ? MODES[value] : undefined;
  return known === undefined ? String(value) : i18n._(known);
}

/** One entry's sentence, with the names as data (never translated). */
function Sentence({ entry, i18n }: { entry: AdminAuditEntry; i18n: I18n }) {
  const d = entry.details;
  const actor = (
    <span className="font-medium" translate="no">
      {entry.actor.name}
    </span>
  );
  const target = <span translate="no">{entry.target}</span>;
  if (entry.action === 'test_email') {
    return d['sent'] === true ? (
      <Message id={TEST_SENT.id} message={TEST_SENT.message} values={{ actor, target }} />
    ) : (
      <Message
        id={TEST_FAILED.id}
        message={TEST_FAILED.message}
        values={{ actor, target, error: <span translate="no">{String(d['error'])}</span> }}
      />
    );
  }
  const known = ACTIONS[entry.action];
  const sentence = known ?? UNKNOWN;
  return (
    <Message
      id={sentence.id}
      message={sentence.message}
      values={{
        actor,
        target,
        action: <span translate="no">{entry.action}</span>,
        from: mode(i18n, d['from']),
        to: mode(i18n, d['to']),
      }}
    />
  );
}

const TEST_SENT = msg({ message: '{actor} sent a test e-mail to {target} (sent)' });
const TEST_FAILED = msg({ message: '{actor} sent a test e-mail to {target} (failed: {error})' });
/** An action this screen does not know yet: its code. */
const UNKNOWN = msg({ message: '{actor} {action} {target}' });

export function AdminAudit() {
  const { i18n, t } = useLingui();
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
        <Trans>Audit log</Trans>
      </h2>
      {log.isPending ? (
        <SkeletonList rows={4} />
      ) : log.isError ? (
        <Alert>{appErrorText(i18n, log.error, msg`Unknown error`)}</Alert>
      ) : entries.length === 0 ? (
        <p className="card p-4 text-muted">
          <Trans>No admin action yet.</Trans>
        </p>
      ) : (
        <>
          <ol className="card divide-y divide-border" aria-label={t`Audit log`}>
            {entries.map((e) => (
              <li key={e.id} className="px-4 py-3" data-testid="audit-entry">
                <p className="break-words">
                  <Sentence entry={e} i18n={i18n} />
                </p>
                <p className="text-xs text-muted">
                  <time dateTime={e.at} translate="no">
                    {formatWhen(i18n.locale, e.at)}
                  </time>{' '}
                  · <span translate="no">{e.actor.email}</span>
                </p>
              </li>
            ))}
          </ol>
          {log.hasNextPage ? (
            <button
              type="button"
              className="btn-secondary mt-3"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? t`Loading…` : t`Show more`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
