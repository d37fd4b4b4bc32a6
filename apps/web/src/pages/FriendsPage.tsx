import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../api/client';
import { friendshipsApi } from '../api/friendships';
import type { Friendship } from '../api/types';
import { useCurrentUser } from '../auth/authContext';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { AddFriendForm } from '../components/friends/AddFriendForm';
import { FriendRequests } from '../components/friends/FriendRequests';
import { FriendRow } from '../components/friends/FriendRow';
import { GroupMateRow } from '../components/friends/GroupMateRow';
import { NonGroupExpenses } from '../components/friends/NonGroupExpenses';
import { OverallBalanceText } from '../components/OverallBalance';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFriendBalances, useMe, usePeopleBalances } from '../hooks/useBalances';
import { useFriends } from '../hooks/useFriendships';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { groupMatesOf } from '../lib/balanceScreens';

/**
 * `detailShown`: the list beside a friend on desktop, whose page holds the title; `listOnly`:
 * without the expenses outside groups (desktop shows them in the pane beside).
 */
export default function FriendsPage({
  detailShown = false,
  listOnly = false,
}: {
  detailShown?: boolean;
  listOnly?: boolean;
}) {
  const { t } = useLingui();
  useDocumentTitle(detailShown ? null : t`Friends`);
  const me = useCurrentUser();
  const { data: friends, isPending, error } = useFriends();
  // Approximate home-currency nets, looked up only for users who chose a home currency.
  const account = useMe();
  const friendBalances = useFriendBalances(Boolean(account.data?.homeCurrency));
  const approxByFriend = new Map(
    (friendBalances.data ?? []).flatMap((b) =>
      b.approximate ? [[b.otherUser.id, b.approximate] as const] : [],
    ),
  );
  // People met only in groups count in the overall figure: listed too, so the lines add up to it.
  const people = usePeopleBalances();
  const groupMates = groupMatesOf(people.data ?? []);
  const [removing, setRemoving] = useState<Friendship | null>(null);
  const toast = useToast();
  const invalidate = useInvalidateAll();

  const removingName = removing?.otherUser?.name ?? '';
  const accepted = friends?.filter((f) => f.status === 'ACCEPTED') ?? [];

  const remove = async (friendship: Friendship) => {
    const name = friendship.otherUser?.name ?? t`friend`;
    try {
      await friendshipsApi.remove(friendship.id);
      toast.success(t`Removed ${name}.`);
      setRemoving(null);
    } catch (e) {
      const reason = errorMessage(e, t`Unknown error`);
      toast.error(t`Failed to remove friend: ${reason}`);
      setRemoving(null);
    } finally {
      await invalidate();
    }
  };

  return (
    <>
      <PageHeader
        title={t`Friends`}
        level={detailShown ? 2 : 1}
        actions={
          <Link to="/app/settle-up" className="btn-secondary">
            <Trans>Settle Up</Trans>
          </Link>
        }
      />
      <section className="card mb-4 p-4" aria-label={t`Overall balance`}>
        <OverallBalanceText />
      </section>
      <AddFriendForm />
      <section aria-labelledby="friends-title" className="mt-6">
        <h2
          id="friends-title"
          className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase"
        >
          <Trans>Your friends</Trans>
        </h2>
        {isPending ? (
          <SkeletonList rows={3} />
        ) : error ? (
          <p role="alert" className="card p-4 text-danger">
            {error.message}
          </p>
        ) : accepted.length === 0 ? (
          <p className="card p-6 text-center text-muted">
            <Trans>No friends yet. Add one by e-mail above.</Trans>
          </p>
        ) : (
          <ul className="card divide-y divide-border">
            {accepted.map((f) => (
              <FriendRow
                key={f.id}
                friendship={f}
                approximate={f.otherUser ? approxByFriend.get(f.otherUser.id) : undefined}
                onRemove={() => setRemoving(f)}
                compact={listOnly}
              />
            ))}
          </ul>
        )}
      </section>
      {people.error ? (
        <p role="alert" className="card mt-4 p-4 text-sm text-danger">
          {people.error.message}
        </p>
      ) : groupMates.length > 0 ? (
        <section aria-labelledby="group-mates-title" className="mt-6">
          <h2
            id="group-mates-title"
            className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase"
          >
            <Trans>Others in your groups</Trans>
          </h2>
          <ul className="card divide-y divide-border">
            {groupMates.map((p) => (
              <GroupMateRow key={p.otherUser.id} person={p} />
            ))}
          </ul>
        </section>
      ) : null}
      <FriendRequests />
      {listOnly ? null : <NonGroupExpenses me={me} />}
      {removing ? (
        <ConfirmDialog
          title={t`Remove friend`}
          message={
            removing.otherUser
              ? t`Remove ${removingName} from your friends?`
              : t`Remove this friend from your friends?`
          }
          confirmLabel={t`Remove`}
          danger
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
