import { useCallback, useState } from 'react';
import { errorMessage } from '../api/client';
import { expensesApi } from '../api/expenses';
import { paymentsApi } from '../api/payments';
import { type EditScope, isExpense, type Expense, type Group, type Payment } from '../api/types';
import { useCurrentUser } from '../auth/authContext';
import { type ConfirmRequest, DangerConfirm } from '../components/ConfirmDialog';
import { CurrencyExchangeModal } from '../components/groups/CurrencyExchangeModal';
import { ExpenseDetailModal } from '../components/groups/ExpenseDetailModal';
import { GroupActivity } from '../components/groups/GroupActivity';
import { GroupBalancesSection } from '../components/groups/GroupBalancesSection';
import { GroupCurrencySummary } from '../components/groups/GroupCurrencySummary';
import { GroupExpenseFormModal } from '../components/groups/GroupExpenseFormModal';
import { GroupMembersSection } from '../components/groups/GroupMembersSection';
import { GroupPageLinks } from '../components/groups/GroupPageLinks';
import { GroupPageStatus } from '../components/groups/GroupPageStatus';
import { GroupSectionTitle } from '../components/groups/GroupSectionTitle';
import { GroupSeries } from '../components/groups/GroupSeries';
import { PaymentFormModal, type PaymentPreset } from '../components/groups/PaymentFormModal';
import { PlusIcon } from '../components/icons';
import { GroupCoverBadge } from '../components/groups/GroupCoverBadge';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useRouteGroup } from '../hooks/useRouteGroup';
import { useLinkedExpense } from '../hooks/useLinkedExpense';
import { useGroupBalances, useGroupTransactions } from '../hooks/useGroups';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { useUndoToast } from '../hooks/useUndoToast';
import {
  type ConfirmedAction,
  deleteOccurrenceAction,
  endSeriesAction,
  skipNextAction,
} from '../lib/seriesActions';
import { PendingEntries } from '../offline/PendingEntries';

type Dialog =
  | { kind: 'addExpense' }
  | { kind: 'editExpense'; expense: Expense; scope: EditScope }
  | { kind: 'expense'; expense: Expense }
  | { kind: 'payment'; payment: Payment | null; preset: PaymentPreset | null }
  | { kind: 'exchange' }
  | ({ kind: 'confirm' } & ConfirmRequest);

export default function GroupDetailPage() {
  const me = useCurrentUser();
  const { validId, group } = useRouteGroup();
  useDocumentTitle(group.data?.name ?? 'Group');
  if (!validId || group.isPending || group.error) {
    return (
      <GroupPageStatus
        validId={validId}
        group={group}
        title="Group"
        loadingTitle="Loading data..."
        loadingBack="/app/groups"
        skeletonHeight="h-16"
      />
    );
  }
  return <GroupDetail group={group.data} meId={me.id} />;
}

function GroupDetail({ group, meId }: { group: Group; meId: number }) {
  const me = useCurrentUser();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const undo = useUndoToast();
  const transactions = useGroupTransactions(group.id);
  const balances = useGroupBalances(group.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  useLinkedExpense(
    transactions.data,
    useCallback((expense: Expense) => setDialog({ kind: 'expense', expense }), []),
  );
  /** The latest version of an expense (live updates, edits by others), else the one clicked. */
  const latest = (expense: Expense): Expense =>
    transactions.data?.find((t): t is Expense => isExpense(t) && t.id === expense.id) ?? expense;

  /**
   * Runs a confirmed action, then closes the dialog with a toast: `success`, or for a delete
   * (`deletes`) "… deleted" with Undo (issue #13), or why it failed.
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
    } catch (e) {
      toast.error(`Failed to ${failure}: ${errorMessage(e, 'Unknown error')}`);
    } finally {
      close();
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

  return (
    <>
      <PageHeader
        title={group.name}
        back="/app/groups"
        actions={<GroupPageLinks groupId={group.id} />}
        titleBelowOnPhone
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

      {/* Only the summary: the currency is changed in Group settings, with the group's other
          settings (the gear above). */}
      <p className="-mt-3 mb-6 text-sm text-muted">
        <GroupCurrencySummary group={group} />
      </p>

      <GroupMembersSection group={group} meId={meId} />

      <GroupBalancesSection
        group={group}
        meId={meId}
        onSettle={(preset) => setDialog({ kind: 'payment', payment: null, preset })}
        onExchange={() => setDialog({ kind: 'exchange' })}
      />

      <GroupSeries
        groupId={group.id}
        onEnd={(series) => confirmAction(endSeriesAction(series.id, series.template.description))}
      />

      <section aria-labelledby="activity-title" className="mb-6">
        <GroupSectionTitle id="activity-title">Group Activity</GroupSectionTitle>
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

      {dialog?.kind === 'addExpense' || dialog?.kind === 'editExpense' ? (
        <GroupExpenseFormModal
          group={group}
          me={me}
          edit={dialog.kind === 'editExpense' ? dialog : null}
          onClose={close}
        />
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
      {dialog?.kind === 'exchange' ? (
        <CurrencyExchangeModal group={group} lines={balances.data ?? []} onClose={close} />
      ) : null}
      {dialog?.kind === 'confirm' ? <DangerConfirm request={dialog} onClose={close} /> : null}
    </>
  );
}
