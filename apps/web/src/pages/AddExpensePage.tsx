import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../components/Avatar';
import { ChevronRightIcon, GroupIcon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFriends } from '../hooks/useFriendships';
import { useMyGroups } from '../hooks/useGroups';
import type { ExpenseTarget } from '../lib/expenseTarget';

export default function AddExpensePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Add expense`);
  const navigate = useNavigate();
  const friends = useFriends();
  const groups = useMyGroups();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();

  const friendList = (friends.data ?? []).filter(
    (f) =>
      f.status === 'ACCEPTED' &&
      f.otherUser &&
      (!q ||
        f.otherUser.name.toLowerCase().includes(q) ||
        (f.otherUser.email ?? '').toLowerCase().includes(q)),
  );
  const groupList = (groups.data ?? []).filter((g) => !q || g.name.toLowerCase().includes(q));

  const choose = (target: ExpenseTarget) => {
    void navigate('/app/expense/new', { state: target });
  };

  const loading = friends.isPending || groups.isPending;
  const failed = friends.isError || groups.isError;

  return (
    <>
      <PageHeader title={t`Add an expense`} />
      <label htmlFor="picker-search" className="label">
        <Trans>With whom?</Trans>
      </label>
      <input
        id="picker-search"
        type="search"
        className="field mb-4"
        placeholder={t`Search friends or groups...`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {loading ? (
        <SkeletonList rows={4} height="h-14" />
      ) : failed ? (
        <p role="alert" className="card p-4 text-danger">
          <Trans>Failed to load friends or groups.</Trans>
        </p>
      ) : (
        <>
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
            <Trans>Groups</Trans>
          </h2>
          {groupList.length === 0 ? (
            <p className="mb-4 text-sm text-muted">
              <Trans>No groups found.</Trans>
            </p>
          ) : (
            <ul className="card mb-6 divide-y divide-border">
              {groupList.map((g) => (
                <li key={g.id}>
                  <button
                    type="button"
                    className="flex min-h-14 w-full items-center gap-3 px-4 py-2 text-start hover:bg-surface-2"
                    onClick={() => choose({ type: 'group', id: g.id })}
                  >
                    <span className="flex size-10 items-center justify-center rounded-xl bg-primary-soft text-primary">
                      <GroupIcon className="size-5" />
                    </span>
                    <span className="flex-1 font-medium" translate="no">
                      {g.name}
                    </span>
                    <ChevronRightIcon className="size-5 text-muted" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
            <Trans>Friends</Trans>
          </h2>
          {friendList.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No friends found.</Trans>
            </p>
          ) : (
            <ul className="card divide-y divide-border">
              {friendList.map((f) =>
                f.otherUser ? (
                  <li key={f.id}>
                    <button
                      type="button"
                      className="flex min-h-14 w-full items-center gap-3 px-4 py-2 text-start hover:bg-surface-2"
                      onClick={() => choose({ type: 'friend', id: f.otherUser?.id ?? 0 })}
                    >
                      <Avatar name={f.otherUser.name} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium" translate="no">
                          {f.otherUser.name}
                        </span>
                        <span className="block truncate text-xs text-muted" translate="no">
                          {f.otherUser.email}
                        </span>
                      </span>
                      <ChevronRightIcon className="size-5 text-muted" />
                    </button>
                  </li>
                ) : null,
              )}
            </ul>
          )}
        </>
      )}
    </>
  );
}
