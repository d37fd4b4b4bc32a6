// Entries made offline and not yet on the server, shown in the lists where they will appear once
// synced, each marked "Waiting to sync" (in words, so screen readers say it too).
import { Trans, useLingui } from '@lingui/react/macro';
import { discardItem } from './outbox';
import type { StoredOutboxItem } from './outboxTypes';
import { useOutboxItems } from './useOutbox';

function Badge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-primary/40 bg-primary-soft px-2 py-0.5 text-xs font-semibold text-fg">
      <span aria-hidden="true">⟳</span> <Trans>Waiting to sync</Trans>
    </span>
  );
}

function ReceiptNote({ name }: { name: string }) {
  return (
    <p className="mt-0.5 text-xs text-muted">
      <Trans>Receipt “{name}” is sent with it.</Trans>
    </p>
  );
}

function useTitle(): (item: StoredOutboxItem) => string {
  const { t } = useLingui();
  return (item) => {
    const label = item.label;
    return item.action === 'update' ? t`Edit: ${label}` : label;
  };
}

/**
 * Expenses, payments and edits waiting to sync: of one group (`groupId`), or outside groups
 * (`groupId` null, e.g. on the friends page).
 */
export function PendingEntries({ groupId }: { groupId: number | null }) {
  const { t } = useLingui();
  const title = useTitle();
  const items = useOutboxItems().filter(
    (i) => i.state === 'pending' && i.kind !== 'comment' && i.groupId === groupId,
  );
  if (items.length === 0) return null;
  const discardLabel = (what: string) => t`Discard “${what}”`;
  return (
    <ul aria-label={t`Waiting to sync`} className="card mb-3 divide-y divide-border overflow-clip">
      {items.map((item) => (
        <li key={item.seq} className="flex items-start gap-3 p-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium break-words">{title(item)}</span>
              <Badge />
            </p>
            <p className="mt-0.5 text-xs text-muted">{item.summary}</p>
            {item.request.file !== null ? <ReceiptNote name={item.request.file.name} /> : null}
          </div>
          <button
            type="button"
            className="btn-ghost px-2 text-sm"
            aria-label={discardLabel(title(item))}
            onClick={() => void discardItem(item.seq)}
          >
            <Trans>Discard</Trans>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Comments on one expense waiting to sync. */
export function PendingComments({ expenseId }: { expenseId: number }) {
  const { t } = useLingui();
  const items = useOutboxItems().filter(
    (i) => i.state === 'pending' && i.kind === 'comment' && i.targetId === expenseId,
  );
  if (items.length === 0) return null;
  return (
    <ul aria-label={t`Comments waiting to sync`} className="mt-3 flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.seq} className="rounded-xl bg-surface-2 px-3 py-2">
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
            <span className="font-semibold text-fg">
              <Trans>You</Trans>
            </span>
            <Badge />
          </p>
          <p className="text-sm break-words whitespace-pre-wrap">{item.label}</p>
        </li>
      ))}
    </ul>
  );
}
