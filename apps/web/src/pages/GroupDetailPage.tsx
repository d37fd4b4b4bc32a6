import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/client';
import { expensesApi } from '../api/expenses';
import { groupsApi } from '../api/groups';
import { paymentsApi } from '../api/payments';
import { type EditScope, isExpense, type Expense, type Group, type Payment } from '../api/types';
import { useCurrentUser } from '../auth/authContext';
import { Avatar } from '../components/Avatar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ExpenseForm } from '../components/expense/ExpenseForm';
import { AddMemberModal } from '../components/groups/AddMemberModal';
import { CurrencyExchangeModal } from '../components/groups/CurrencyExchangeModal';
import { GroupCurrencyModal } from '../components/groups/GroupCurrencyModal';
import { ExpenseDetailModal } from '../components/groups/ExpenseDetailModal';
import { GroupActivity } from '../components/groups/GroupActivity';
import { GroupBalances } from '../components/groups/GroupBalances';
import { GroupSeries } from '../components/groups/GroupSeries';
import { PaymentFormModal, type PaymentPreset } from '../components/groups/PaymentFormModal';
import { SettleSuggestions } from '../components/groups/SettleSuggestions';
import { ChartIcon, GearIcon, PlusIcon, SearchIcon } from '../components/icons';
import { GroupCoverBadge } from '../components/groups/GroupCoverBadge';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useLinkedExpense } from '../hooks/useLinkedExpense';
import {
  useGroup,
  useGroupBalances,
  useGroupTransactions,
  useSettleSuggestions,
} from '../hooks/useGroups';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { useUndoToast } from '../hooks/useUndoToast';
import { isZero } from '../lib/money';
import {
  type ConfirmedAction,
  deleteOccurrenceAction,
  endSeriesAction,
  skipNextAction,
} from '../lib/seriesActions';
import { isNumericId } from '../lib/validation';
import { PendingEntries } from '../offline/PendingEntries';

type Dialog =
  | { kind: 'addExpense' }
  | { kind: 'editExpense'; expense: Expense; scope: EditScope }
  | { kind: 'expense'; expense: Expense }
  | { kind: 'payment'; payment: Payment | null; preset: PaymentPreset | null }
  | { kind: 'addMember' }
  | { kind: 'currency' }
  | { kind: 'exchange' }
  | {
      kind: 'confirm';
      title: string;
      message: string;
      confirmLabel: string;
      action: () => Promise<void>;
    };

function SectionTitle({ children, id }: { children: React.ReactNode; id: string }) {
  return (
    <h2 id={id} className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
      {children}
    </h2>
  );
}

export default function GroupDetailPage() {
  const { groupId: rawId } = useParams();
  const validId = isNumericId(rawId);
  const groupId = validId ? Number(rawId) : null;
  const me = useCurrentUser();
  const group = useGroup(groupId);
  useDocumentTitle(group.data?.name ?? 'Group');

  if (!validId) {
    return (
      <>
        <PageHeader title="Group" back="/app/groups" />
        <p role="alert" className="card p-4 text-danger">
          Error: Invalid Group ID.
        </p>
      </>
    );
  }
  if (group.isPending) {
    return (
      <>
        <PageHeader title="Loading data..." back="/app/groups" />
        <SkeletonList rows={5} height="h-16" />
      </>
    );
  }
  if (group.error) {
    return (
      <>
        <PageHeader title="Group" back="/app/groups" />
        <p role="alert" className="card p-4 text-danger">
          Error: {group.error.message || 'Could not load group data.'}
        </p>
      </>
    );
  }
  return <GroupDetail group={group.data} meId={me.id} />;
}

function GroupDetail({ group, meId }: { group: Group; meId: number }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const undo = useUndoToast();
  const transactions = useGroupTransactions(group.id);
  const balances = useGroupBalances(group.id);
  const suggestions = useSettleSuggestions(group.id, group.simplifyDebts);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [toggling, setToggling] = useState(false);
  const close = () => setDialog(null);
  useLinkedExpense(
    transactions.data,
    useCallback((expense: Expense) => setDialog({ kind: 'expense', expense }), []),
  );
  /** The latest version of an expense (live updates, edits by others), else the one clicked. */
  const latest = (expense: Expense): Expense =>
    transactions.data?.find((t): t is Expense => isExpense(t) && t.id === expense.id) ?? expense;
  const isCreator = group.creator.id === meId;
  const separate = group.currencyMode === 'SEPARATE';

  /**
   * Runs a confirmed action, then closes the dialog with a toast: `success`, or for a delete
   * (`deletes`) "… deleted" with Undo (issue #13).
   */
  const run = async (
    action: () => Promise<unknown>,
    success: string,
    failure: string,
    deletes?: { kind: 'expense' | 'payment'; id: number },
  ) => {
    try {
      await action();
      if (deletes) undo(deletes.kind, deletes.id);
      else toast.success(success);
      close();
      return true;
    } catch (e) {
      toast.error(`Failed to ${failure}: ${errorMessage(e, 'Unknown error')}`);
      close();
      return false;
    } finally {
      await invalidate();
    }
  };

  const confirmDeleteExpense = (expense: Expense) =>
    setDialog({
      kind: 'confirm',
      title: 'Delete expense',
      message: `Delete "${expense.description}"? You can undo it for a few seconds.`,
      confirmLabel: 'Delete',
      action: async () => {
        await run(() => expensesApi.remove(expense.id), 'Expense deleted', 'delete expense', {
          kind: 'expense',
          id: expense.id,
        });
      },
    });

  /** A series action (issue #11) behind its confirmation. */
  const confirmAction = (spec: ConfirmedAction) =>
    setDialog({
      kind: 'confirm',
      title: spec.title,
      message: spec.message,
      confirmLabel: spec.confirmLabel,
      action: async () => {
        await run(spec.call, spec.success, spec.failure, spec.deletes);
      },
    });

  const confirmDeletePayment = (payment: Payment) =>
    setDialog({
      kind: 'confirm',
      title: 'Delete payment',
      message: payment.exchangeId
        ? 'Delete this currency exchange? Both of its payments are deleted.'
        : `Delete the payment from ${payment.paidBy.name} to ${payment.paidTo.name}?`,
      confirmLabel: 'Delete',
      action: async () => {
        await run(() => paymentsApi.remove(payment.id), 'Payment deleted', 'delete payment', {
          kind: 'payment',
          id: payment.id,
        });
      },
    });

  const confirmLeave = () =>
    setDialog({
      kind: 'confirm',
      title: 'Leave group',
      message: `Leave "${group.name}"? You will lose access to its expenses.`,
      confirmLabel: 'Leave',
      action: async () => {
        if (await run(() => groupsApi.leave(group.id, meId), 'Left group', 'leave group')) {
          await navigate('/app/groups');
        }
      },
    });

  const confirmDeleteGroup = () =>
    setDialog({
      kind: 'confirm',
      title: 'Delete group',
      message: `Delete "${group.name}" with all its expenses and payments? This cannot be undone.`,
      confirmLabel: 'Delete Group',
      action: async () => {
        if (await run(() => groupsApi.remove(group.id), 'Group deleted', 'delete group')) {
          await navigate('/app/groups');
        }
      },
    });

  const toggleSimplify = async () => {
    setToggling(true);
    try {
      await groupsApi.update(group.id, { simplifyDebts: !group.simplifyDebts });
      await invalidate();
    } catch (e) {
      toast.error(`Failed to update group: ${errorMessage(e, 'Unknown error')}`);
    } finally {
      setToggling(false);
    }
  };

  return (
    <>
      <PageHeader
        title={group.name}
        back="/app/groups"
        actions={
          <>
            <Link
              to={`/app/group/${group.id}/search`}
              className="btn-ghost px-3"
              aria-label="Search this group’s expenses"
            >
              <SearchIcon className="size-5" />
            </Link>
            <Link
              to={`/app/groups/${group.id}/charts`}
              className="btn-ghost px-3"
              aria-label="Charts"
            >
              <ChartIcon className="size-5" />
            </Link>
            <Link
              to={`/app/groups/${group.id}/settings`}
              className="btn-ghost px-3"
              aria-label="Group settings"
            >
              <GearIcon className="size-5" />
            </Link>
          </>
        }
      />
      {group.coverEmoji || group.coverColor ? (
        <div className="-mt-2 mb-4">
          <GroupCoverBadge
            name={group.name}
            emoji={group.coverEmoji}
            color={group.coverColor}
            size="lg"
          />
        </div>
      ) : null}
      <div className="mb-6 grid grid-cols-2 gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setDialog({ kind: 'payment', payment: null, preset: null })}
        >
          Settle Up
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={() => setDialog({ kind: 'addExpense' })}
        >
          <PlusIcon className="size-5" /> Add Expense
        </button>
      </div>

      <p className="-mt-3 mb-6 flex flex-wrap items-center justify-between gap-x-3 text-sm text-muted">
        <span>
          Group currency <span className="font-semibold text-fg">{group.defaultCurrency}</span>
          {separate ? ' · currencies kept separate' : ' · other currencies converted into it'}
        </span>
        <button
          type="button"
          className="btn-ghost px-2 text-primary"
          onClick={() => setDialog({ kind: 'currency' })}
        >
          Currency settings
        </button>
      </p>

      <section aria-labelledby="members-title" className="mb-6">
        <div className="flex items-center justify-between">
          <SectionTitle id="members-title">Members</SectionTitle>
          <button
            type="button"
            className="btn-ghost -mt-2 px-2 text-primary"
            onClick={() => setDialog({ kind: 'addMember' })}
          >
            + Add Member
          </button>
        </div>
        <ul className="flex flex-wrap gap-2">
          {group.members.map((m) => (
            <li
              key={m.id}
              className="inline-flex items-center gap-2 rounded-full border border-border bg-surface py-1 pr-3 pl-1 text-sm"
            >
              <Avatar name={m.name} size="sm" src={m.avatarUrl ?? null} />
              <span>
                {m.name}
                {m.id === meId ? <span className="text-muted"> (You)</span> : null}
                {m.guest ? <span className="text-muted"> (guest)</span> : null}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="balances-title" className="mb-6">
        <SectionTitle id="balances-title">Group Balances</SectionTitle>
        {balances.isPending ? (
          <SkeletonList rows={2} height="h-12" />
        ) : balances.error ? (
          <p className="card p-4 text-sm text-danger">{balances.error.message}</p>
        ) : (
          <GroupBalances
            lines={balances.data}
            groupId={group.id}
            guestIds={group.members.filter((m) => m.guest === true).map((m) => m.id)}
            onSettle={(line) =>
              setDialog({
                kind: 'payment',
                payment: null,
                preset: {
                  otherUserId: line.otherUser.id,
                  direction: line.netAmount > 0 ? 'THEY_PAID' : 'I_PAID',
                  currency: line.currency,
                },
              })
            }
          />
        )}
        {separate && balances.data?.some((l) => !isZero(l.netAmount, l.currency)) ? (
          <button
            type="button"
            className="btn-secondary mt-3 w-full"
            onClick={() => setDialog({ kind: 'exchange' })}
          >
            Convert a balance into another currency
          </button>
        ) : null}
        <label className="mt-3 flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-xl px-1">
          <span>
            <span className="block text-sm font-medium">Simplify debts</span>
            <span className="block text-xs text-muted">Combine debts into fewer payments.</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className="peer sr-only"
            checked={group.simplifyDebts}
            disabled={toggling}
            onChange={() => void toggleSimplify()}
          />
          <span
            aria-hidden="true"
            className="relative h-7 w-12 shrink-0 rounded-full bg-border transition-colors peer-checked:bg-primary peer-focus-visible:outline-3 peer-focus-visible:outline-ring after:absolute after:top-1 after:left-1 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5"
          />
        </label>
        {group.simplifyDebts ? (
          <div className="mt-3">
            <h3 className="mb-2 text-sm font-semibold">Suggested payments</h3>
            {suggestions.isPending ? (
              <SkeletonList rows={1} height="h-12" />
            ) : suggestions.error ? (
              <p className="text-sm text-danger">{suggestions.error.message}</p>
            ) : (
              <SettleSuggestions
                suggestions={suggestions.data}
                meId={meId}
                onSettle={(s) =>
                  setDialog({
                    kind: 'payment',
                    payment: null,
                    preset:
                      s.from.id === meId
                        ? { otherUserId: s.to.id, direction: 'I_PAID', currency: s.currency }
                        : { otherUserId: s.from.id, direction: 'THEY_PAID', currency: s.currency },
                  })
                }
              />
            )}
          </div>
        ) : null}
      </section>

      <GroupSeries
        groupId={group.id}
        onEnd={(series) => confirmAction(endSeriesAction(series.id, series.template.description))}
      />

      <section aria-labelledby="activity-title" className="mb-6">
        <SectionTitle id="activity-title">Group Activity</SectionTitle>
        <PendingEntries groupId={group.id} />
        {transactions.isPending ? (
          <SkeletonList rows={4} height="h-16" />
        ) : transactions.error ? (
          <p className="card p-4 text-sm text-danger">{transactions.error.message}</p>
        ) : transactions.data.length === 0 ? (
          <p className="card p-4 text-sm text-muted">No expenses or payments yet.</p>
        ) : (
          <GroupActivity
            transactions={transactions.data}
            meId={meId}
            onOpenExpense={(expense) => setDialog({ kind: 'expense', expense })}
            onEditPayment={(payment) => setDialog({ kind: 'payment', payment, preset: null })}
            onDeletePayment={confirmDeletePayment}
          />
        )}
      </section>

      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        <button type="button" className="btn-secondary" onClick={confirmLeave}>
          Leave group
        </button>
        {isCreator ? (
          <button type="button" className="btn-danger" onClick={confirmDeleteGroup}>
            Delete Group
          </button>
        ) : null}
      </div>

      {dialog?.kind === 'addExpense' || dialog?.kind === 'editExpense' ? (
        <Modal
          title={
            dialog.kind === 'addExpense'
              ? 'Add New Expense'
              : dialog.scope === 'future'
                ? 'Edit this and future'
                : 'Edit Expense'
          }
          onClose={close}
          size="lg"
        >
          <ExpenseForm
            me={me}
            participants={group.members}
            groupId={group.id}
            groupName={group.name}
            currency={group.defaultCurrency}
            currencyMode={group.currencyMode ?? 'CONVERT'}
            expense={dialog.kind === 'editExpense' ? dialog.expense : null}
            scope={dialog.kind === 'editExpense' ? dialog.scope : 'this'}
            onSaved={close}
            onCancel={close}
          />
        </Modal>
      ) : null}
      {dialog?.kind === 'expense' ? (
        <ExpenseDetailModal
          expense={latest(dialog.expense)}
          meId={meId}
          onClose={close}
          onEdit={() =>
            setDialog({ kind: 'editExpense', expense: latest(dialog.expense), scope: 'this' })
          }
          onDelete={() => {
            const expense = latest(dialog.expense);
            if (expense.series) confirmAction(deleteOccurrenceAction(expense));
            else confirmDeleteExpense(expense);
          }}
          onEditFuture={() =>
            setDialog({ kind: 'editExpense', expense: latest(dialog.expense), scope: 'future' })
          }
          onSkipNext={(date) => {
            const expense = latest(dialog.expense);
            if (expense.series) {
              confirmAction(skipNextAction(expense.series.id, expense.description, date));
            }
          }}
          onEndSeries={() => {
            const expense = latest(dialog.expense);
            if (expense.series)
              confirmAction(endSeriesAction(expense.series.id, expense.description));
          }}
        />
      ) : null}
      {dialog?.kind === 'payment' ? (
        <PaymentFormModal
          group={group}
          meId={meId}
          payment={dialog.payment}
          lines={balances.data ?? []}
          preset={dialog.preset}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'addMember' ? <AddMemberModal group={group} onClose={close} /> : null}
      {dialog?.kind === 'currency' ? (
        <GroupCurrencyModal
          group={group}
          hasHistory={(transactions.data?.length ?? 0) > 0}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'exchange' ? (
        <CurrencyExchangeModal group={group} lines={balances.data ?? []} onClose={close} />
      ) : null}
      {dialog?.kind === 'confirm' ? (
        <ConfirmDialog
          title={dialog.title}
          message={dialog.message}
          confirmLabel={dialog.confirmLabel}
          danger
          onConfirm={dialog.action}
          onClose={close}
        />
      ) : null}
    </>
  );
}
