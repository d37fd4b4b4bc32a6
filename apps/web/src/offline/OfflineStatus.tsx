// The connection and sync state at the top of every signed-in page: "You're offline", how many
// changes wait to sync, and the changes the server could not take, each with what was kept and
// the person's own version to copy or apply.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { intlLocale, type WebLocale } from '../i18n/locale';
import { Alert } from '../components/Alert';
import { addAsNew, applyAnyway, canAddAsNew, canApplyAnyway, dismiss } from './outboxActions';
import type { StoredOutboxItem } from './outboxTypes';
import { outboxProblemText } from './problemText';
import { lastSyncedAt } from './persistCache';
import { useOnline, useOutboxItems, useSyncStatus } from './useOutbox';

/** "Your change to the expense “Taxi” was not saved": one sentence per kind of entry. */
function problemTitle(i18n: I18n, item: StoredOutboxItem): string {
  const label = item.label;
  const update = item.action === 'update';
  switch (item.kind) {
    case 'expense':
      return i18n._(
        update
          ? msg`Your change to the expense “${label}” was not saved`
          : msg`Your new expense “${label}” was not saved`,
      );
    case 'comment':
      return i18n._(
        update
          ? msg`Your change to the comment “${label}” was not saved`
          : msg`Your new comment “${label}” was not saved`,
      );
    default:
      return i18n._(
        update
          ? msg`Your change to the payment “${label}” was not saved`
          : msg`Your new payment “${label}” was not saved`,
      );
  }
}

function ProblemCard({ item }: { item: StoredOutboxItem }) {
  const { i18n } = useLingui();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = problemTitle(i18n, item);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(item.copyText);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <li className="card flex flex-col gap-2 border-danger/40 p-3 text-sm">
      <p className="font-semibold text-danger">{title}</p>
      {item.problem ? <p>{outboxProblemText(i18n, item.kind, item.problem)}</p> : null}
      {item.problem?.kept ? (
        <p>
          <span className="font-medium">
            <Trans>Kept:</Trans>{' '}
          </span>
          {item.problem.kept}
        </p>
      ) : null}
      <div>
        <p className="font-medium">
          <Trans>Your version</Trans>
        </p>
        <pre className="mt-1 rounded-lg bg-surface-2 p-2 font-sans text-xs whitespace-pre-wrap">
          {item.copyText}
        </pre>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => void copy()}>
          {copied ? <Trans>Copied</Trans> : <Trans>Copy your version</Trans>}
        </button>
        {canApplyAnyway(item) ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => void run(() => applyAnyway(item))}
          >
            <Trans>Apply my version</Trans>
          </button>
        ) : null}
        {canAddAsNew(item) ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => void run(() => addAsNew(item))}
          >
            <Trans>Add it again as new</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="btn-ghost"
          disabled={busy}
          onClick={() => void run(() => dismiss(item))}
        >
          <Trans>Dismiss</Trans>
        </button>
      </div>
    </li>
  );
}

/** The connection and sync state, at the top of every signed-in page. */
export function OfflineStatus() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const status = useSyncStatus();
  const items = useOutboxItems();
  const client = useQueryClient();
  const pending = items.filter((i) => i.state === 'pending');
  const problems = items.filter((i) => i.state !== 'pending');
  const pendingCount = pending.length;
  const problemCount = problems.length;
  // What screen readers hear: changes of state, not every render.
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef({ pending: 0, problems: 0, online: true });
  useEffect(() => {
    const before = previous.current;
    let message: string | null = null;
    if (!online && before.online) message = t`You are offline.`;
    if (problemCount > before.problems) {
      message = i18n._(
        msg`${plural(problemCount, {
          one: '# change could not be synced.',
          other: '# changes could not be synced.',
        })}`,
      );
    } else if (pendingCount > before.pending) {
      message = i18n._(
        msg`${plural(pendingCount, {
          one: 'Saved on this device. # change waiting to sync.',
          other: 'Saved on this device. # changes waiting to sync.',
        })}`,
      );
    } else if (pendingCount === 0 && before.pending > 0 && online) {
      message = t`All changes synced.`;
    } else if (online && !before.online) message = t`Back online.`;
    previous.current = { pending: pendingCount, problems: problemCount, online };
    if (message !== null) setAnnouncement(message);
  }, [online, pendingCount, problemCount, t, i18n]);

  const synced = online ? null : lastSyncedAt(client);
  // In the page's language; a figure, not words: left out of the pseudo-locale's check.
  const syncedAt =
    synced === null
      ? ''
      : new Intl.DateTimeFormat(intlLocale(i18n.locale as WebLocale), {
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        }).format(new Date(synced));
  const visible = !online || items.length > 0;
  // At the top of the app's scrolling area, in the pages' column (the pages pad themselves).
  return (
    <div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {visible ? (
        <div className="mx-auto flex w-full max-w-2xl flex-col gap-2 px-4 pt-4 lg:max-w-3xl lg:px-8 lg:pt-6">
          {!online ? (
            <div
              className="rounded-xl border border-border bg-surface-2 p-3 text-sm"
              data-testid="offline-banner"
            >
              <p className="font-semibold">
                <Trans>You’re offline</Trans>
              </p>
              <p className="text-muted">
                {synced === null ? (
                  <Trans>Nothing from this account is saved on this device yet.</Trans>
                ) : (
                  <Trans>
                    Showing what was last synced (<time translate="no">{syncedAt}</time>).
                  </Trans>
                )}{' '}
                <Trans>
                  New expenses, payments and comments are kept on this device and sent when you’re
                  back online.
                </Trans>
              </p>
            </div>
          ) : null}
          {pending.length > 0 ? (
            <p className="rounded-xl bg-primary-soft p-3 text-sm">
              <span className="font-semibold">
                {i18n._(
                  msg`${plural(pendingCount, {
                    one: '# change waiting to sync',
                    other: '# changes waiting to sync',
                  })}`,
                )}
              </span>
              {online
                ? status.syncing
                  ? t` · sending now…`
                  : t` · will be sent shortly`
                : t` · sent when you’re back online`}
            </p>
          ) : null}
          {problems.length > 0 ? (
            <section aria-label={t`Changes not synced`} className="flex flex-col gap-2">
              <Alert>
                {i18n._(
                  msg`${plural(problemCount, {
                    one: '# change made offline could not be saved. Nothing else was lost: review it below.',
                    other:
                      '# changes made offline could not be saved. Nothing else was lost: review them below.',
                  })}`,
                )}
              </Alert>
              <ul className="flex flex-col gap-2">
                {problems.map((item) => (
                  <ProblemCard key={item.seq} item={item} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
