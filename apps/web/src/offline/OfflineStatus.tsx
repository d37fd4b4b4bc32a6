// The connection and sync state at the top of every signed-in page: "You're offline", how many
// changes wait to sync, and the changes the server could not take, each with what was kept and
// the person's own version to copy or apply.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../lib/dates';
import { Alert } from '../components/Alert';
import { addAsNew, applyAnyway, canAddAsNew, canApplyAnyway, dismiss } from './outboxActions';
import type { StoredOutboxItem } from './outboxTypes';
import { lastSyncedAt } from './persistCache';
import { useOnline, useOutboxItems, useSyncStatus } from './useOutbox';

function plural(n: number, one: string, many: string): string {
  return `${String(n)} ${n === 1 ? one : many}`;
}

const NOUNS = { expense: 'expense', payment: 'payment', settle: 'payment', comment: 'comment' };

function ProblemCard({ item }: { item: StoredOutboxItem }) {
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const noun = NOUNS[item.kind];
  const title =
    item.action === 'update'
      ? `Your change to the ${noun} “${item.label}” was not saved`
      : `Your new ${noun} “${item.label}” was not saved`;
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
      <p>{item.problem?.message}</p>
      {item.problem?.kept ? (
        <p>
          <span className="font-medium">Kept: </span>
          {item.problem.kept}
        </p>
      ) : null}
      <div>
        <p className="font-medium">Your version</p>
        <pre className="mt-1 rounded-lg bg-surface-2 p-2 font-sans text-xs whitespace-pre-wrap">
          {item.copyText}
        </pre>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy your version'}
        </button>
        {canApplyAnyway(item) ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => void run(() => applyAnyway(item))}
          >
            Apply my version
          </button>
        ) : null}
        {canAddAsNew(item) ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => void run(() => addAsNew(item))}
          >
            Add it again as new
          </button>
        ) : null}
        <button
          type="button"
          className="btn-ghost"
          disabled={busy}
          onClick={() => void run(() => dismiss(item))}
        >
          Dismiss
        </button>
      </div>
    </li>
  );
}

/** The connection and sync state, at the top of every signed-in page. */
export function OfflineStatus() {
  const online = useOnline();
  const status = useSyncStatus();
  const items = useOutboxItems();
  const client = useQueryClient();
  const pending = items.filter((i) => i.state === 'pending');
  const problems = items.filter((i) => i.state !== 'pending');
  // What screen readers hear: changes of state, not every render.
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef({ pending: 0, problems: 0, online: true });
  useEffect(() => {
    const before = previous.current;
    let message: string | null = null;
    if (!online && before.online) message = 'You are offline.';
    if (problems.length > before.problems) {
      message = `${plural(problems.length, 'change', 'changes')} could not be synced.`;
    } else if (pending.length > before.pending) {
      message = `Saved on this device. ${plural(pending.length, 'change', 'changes')} waiting to sync.`;
    } else if (pending.length === 0 && before.pending > 0 && online) {
      message = 'All changes synced.';
    } else if (online && !before.online) message = 'Back online.';
    previous.current = { pending: pending.length, problems: problems.length, online };
    if (message !== null) setAnnouncement(message);
  }, [online, pending.length, problems.length]);

  const synced = online ? null : lastSyncedAt(client);
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
              <p className="font-semibold">You’re offline</p>
              <p className="text-muted">
                {synced === null
                  ? 'Nothing from this account is saved on this device yet.'
                  : `Showing what was last synced (${formatDateTime(new Date(synced).toISOString())}).`}{' '}
                New expenses, payments and comments are kept on this device and sent when you’re
                back online.
              </p>
            </div>
          ) : null}
          {pending.length > 0 ? (
            <p className="rounded-xl bg-primary-soft p-3 text-sm">
              <span className="font-semibold">
                {plural(pending.length, 'change', 'changes')} waiting to sync
              </span>
              {online
                ? status.syncing
                  ? ' · sending now…'
                  : ' · will be sent shortly'
                : ' · sent when you’re back online'}
            </p>
          ) : null}
          {problems.length > 0 ? (
            <section aria-label="Changes not synced" className="flex flex-col gap-2">
              <Alert>
                {plural(problems.length, 'change', 'changes')} made offline could not be saved.
                Nothing else was lost: review {problems.length === 1 ? 'it' : 'them'} below.
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
