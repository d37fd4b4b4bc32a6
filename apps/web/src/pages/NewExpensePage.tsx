import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/authContext';
import { ExpenseForm } from '../components/expense/ExpenseForm';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFriends } from '../hooks/useFriendships';
import { useGroup } from '../hooks/useGroups';
import { readExpenseTarget } from '../lib/expenseTarget';

export default function NewExpensePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Add New Expense`);
  const me = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const target = readExpenseTarget(location.state);
  const group = useGroup(target?.type === 'group' ? target.id : null);
  const friends = useFriends();

  const header = <PageHeader title={t`Add New Expense`} back="/app/add-expense" />;
  if (!target) {
    return (
      <>
        {header}
        <div className="card p-6 text-center">
          <p className="mb-4 text-muted">
            <Trans>Choose a friend or group to add an expense with.</Trans>
          </p>
          <Link to="/app/add-expense" className="btn-primary">
            <Trans>Choose</Trans>
          </Link>
        </div>
      </>
    );
  }

  const loading = target.type === 'group' ? group.isPending : friends.isPending;
  if (loading) {
    return (
      <>
        {header}
        <SkeletonList rows={6} height="h-12" />
      </>
    );
  }

  const friend =
    target.type === 'friend'
      ? friends.data?.find((f) => f.status === 'ACCEPTED' && f.otherUser?.id === target.id)
          ?.otherUser
      : undefined;
  const participants =
    target.type === 'group' ? (group.data?.members ?? []) : friend ? [{ ...me }, friend] : [];

  if (participants.length === 0) {
    return (
      <>
        {header}
        <p role="alert" className="card p-4 text-danger">
          <Trans>Could not find the selected group/friend.</Trans>
        </p>
      </>
    );
  }

  const groupId = target.type === 'group' ? target.id : null;
  return (
    <>
      {header}
      <section className="card px-5 pt-4 pb-4">
        <ExpenseForm
          variant="page"
          me={me}
          participants={participants}
          groupId={groupId}
          groupName={group.data?.name ?? null}
          currency={group.data?.defaultCurrency ?? 'USD'}
          currencyMode={group.data?.currencyMode ?? 'CONVERT'}
          onSaved={() => void navigate(groupId ? `/app/group/${groupId}` : '/app/friends')}
          onCancel={() => void navigate(-1)}
        />
      </section>
    </>
  );
}
