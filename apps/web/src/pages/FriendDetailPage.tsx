import { Link, useNavigate, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Friendship, MyGroup } from '../api/types';
import { useCurrentUser } from '../auth/authContext';
import { Avatar } from '../components/Avatar';
import { NonGroupExpenses } from '../components/friends/NonGroupExpenses';
import { GroupCoverBadge } from '../components/groups/GroupCoverBadge';
import { PlusIcon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { RemindButton } from '../components/RemindButton';
import { SkeletonList } from '../components/Skeleton';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFriends } from '../hooks/useFriendships';
import { useMyGroups } from '../hooks/useGroups';
import { formatMoney, isZero } from '../lib/money';
import { isNumericId } from '../lib/validation';

/** "Bea Costa owes you $25.00" / "You owe Bea Costa $25.00" for one net (positive: owed to you). */
function Net({ name, amount, currency }: { name: string; amount: number; currency: string }) {
  const money = formatMoney(Math.abs(amount), currency);
  return amount > 0 ? (
    <Trans>
      {name} owes you <span className="font-semibold text-owed">{money}</span>
    </Trans>
  ) : (
    <Trans>
      You owe {name} <span className="font-semibold text-owe">{money}</span>
    </Trans>
  );
}

/**
 * One friend (/app/friends/:friendId, the friend's user id): the balance with them overall and in
 * each currency, group by group, and the expenses shared outside groups; add an expense with them,
 * settle up, remind. Beside the friends list on desktop.
 */
export default function FriendDetailPage() {
  const { friendId: rawId } = useParams();
  const friendId = isNumericId(rawId) ? Number(rawId) : null;
  const friends = useFriends();
  const friendship =
    friends.data?.find((f) => f.status === 'ACCEPTED' && f.otherUser?.id === friendId) ?? null;
  const { t } = useLingui();
  useDocumentTitle(friendship?.otherUser?.name ?? t`Friend`);

  if (friends.isPending) {
    return (
      <>
        <PageHeader title={t`Loading data...`} back="/app/friends" />
        <SkeletonList rows={4} height="h-16" />
      </>
    );
  }
  if (friends.error) {
    return (
      <>
        <PageHeader title={t`Friend`} back="/app/friends" />
        <p role="alert" className="card p-4 text-danger">
          {friends.error.message}
        </p>
      </>
    );
  }
  if (!friendship?.otherUser) {
    return (
      <>
        <PageHeader title={t`Friend`} back="/app/friends" />
        <p role="alert" className="card p-4 text-danger">
          <Trans>This person is not among your friends.</Trans>
        </p>
      </>
    );
  }
  return <FriendDetail friendship={friendship} friend={friendship.otherUser} />;
}

function FriendDetail({
  friendship,
  friend,
}: {
  friendship: Friendship;
  friend: NonNullable<Friendship['otherUser']>;
}) {
  const { t } = useLingui();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const groups = useMyGroups();
  // The balance in each currency; the primary one is always among them.
  const byCurrency = friendship.byCurrency ?? [];
  const nets = [
    ...(byCurrency.some((c) => c.currency === friendship.currency)
      ? []
      : [
          {
            currency: friendship.currency,
            netBalance: friendship.netBalance,
            nonGroupBalance: friendship.nonGroupBalance,
          },
        ]),
    ...byCurrency,
  ].filter((c) => !isZero(c.netBalance, c.currency));
  const owesYou = nets.some((c) => c.netBalance > 0);
  const shared: { group: MyGroup; lines: MyGroup['myBalance']['lines'] }[] = (groups.data ?? [])
    .filter((g) => g.members.some((m) => m.id === friend.id))
    .map((group) => ({
      group,
      lines: group.myBalance.lines.filter(
        (l) => l.otherUser.id === friend.id && !isZero(l.netAmount, l.currency),
      ),
    }));

  const friendName = friend.name;
  const outsideGroups = (net: number, amount: string) =>
    net > 0 ? t`Outside groups: owes you ${amount}` : t`Outside groups: you owe ${amount}`;
  return (
    <>
      <PageHeader title={friend.name} back="/app/friends" />
      <section aria-label={t`Balance`} className="card mb-4 flex flex-col gap-4 p-4 sm:flex-row">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Avatar name={friend.name} src={friend.avatarUrl ?? null} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-sm text-muted" translate="no">
              {friend.email}
            </p>
            {nets.length === 0 ? (
              <p className="text-lg font-semibold">
                <Trans>You are settled up.</Trans>
              </p>
            ) : (
              <ul className="text-lg">
                {nets.map((c) => (
                  <li key={c.currency}>
                    <Net name={friend.name} amount={c.netBalance} currency={c.currency} />
                  </li>
                ))}
              </ul>
            )}
            {nets
              .filter((c) => !isZero(c.nonGroupBalance, c.currency))
              .map((c) => (
                <p key={c.currency} className="text-sm text-muted">
                  {outsideGroups(
                    c.nonGroupBalance,
                    formatMoney(Math.abs(c.nonGroupBalance), c.currency),
                  )}
                </p>
              ))}
          </div>
        </div>
        <div className="flex flex-wrap items-start gap-2 sm:flex-col sm:items-stretch">
          <button
            type="button"
            className="btn-primary"
            onClick={() =>
              void navigate('/app/expense/new', { state: { type: 'friend', id: friend.id } })
            }
          >
            <PlusIcon className="size-5" /> <Trans>Add Expense</Trans>
          </button>
          <Link to={`/app/settle-up?with=${friend.id}`} className="btn-secondary">
            <Trans>Settle Up</Trans>
          </Link>
          {owesYou ? <RemindButton userId={friend.id} name={friend.name} groupId={null} /> : null}
        </div>
      </section>

      <section aria-labelledby="shared-groups-title" className="mb-6">
        <h2
          id="shared-groups-title"
          className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase"
        >
          <Trans>Groups together</Trans>
        </h2>
        {groups.isPending ? (
          <SkeletonList rows={2} height="h-14" />
        ) : groups.error ? (
          <p className="card p-4 text-sm text-danger">{groups.error.message}</p>
        ) : shared.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>No groups with {friendName} yet.</Trans>
          </p>
        ) : (
          <ul className="card divide-y divide-border">
            {shared.map(({ group, lines }) => (
              <li key={group.id}>
                <Link
                  to={`/app/group/${group.id}`}
                  className="flex min-h-14 items-center gap-3 px-4 py-2 hover:bg-surface-2"
                >
                  <GroupCoverBadge
                    name={group.name}
                    emoji={group.coverEmoji}
                    color={group.coverColor}
                  />
                  <span className="min-w-0 flex-1 truncate font-medium">{group.name}</span>
                  <span className="text-end text-sm">
                    {lines.length === 0 ? (
                      <span className="text-muted">
                        <Trans>Settled up</Trans>
                      </span>
                    ) : (
                      lines.map((l) => (
                        <span key={l.currency} className="block">
                          <Net name={friend.name} amount={l.netAmount} currency={l.currency} />
                        </span>
                      ))
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <NonGroupExpenses me={me} withUser={friend} />
    </>
  );
}
