import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { validId, group } = useRouteGroup();
  useDocumentTitle(group.data?.name ?? t`Group`);
  if (!validId || group.isPending || group.error) {
    return (
      <GroupPageStatus
        validId={validId}
        group={group}
        title={t`Group`}
        loadingTitle={t`Loading data...`}
        loadingBack="/app/groups"
        skeletonHeight="h-16"
      />
    );
  }
  return <GroupDetail group={group.data} meId={me.id} />;
}

function GroupDetail({ group, meId }: { group: Group; meId: number }) {
  const { t } = useLingui();
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
   * (`deletes`) "… deleted" with Undo (issue #13), or why it failed (`failure` words the reason).
   */
  const run = async (
    action: () => Promise<unknown>,
    success: string,
    failure: (reason: string) => string,
    deletes?: { kind: 'expense' | 'payment'; id: number },
  ) => {
    try {
      await action();
      if (deletes) undo(deletes.kind, deletes.id);
      else toast.success(success);
    } catch (e) {
      toast.error(failure(errorMessage(e, t`Unknown error`)));
    } finally {
      close();
      await invalidate();
    }
  };

  const confirmDeleteExpense = (expense: Expense) =>
    setDialog({
      kind: 'confirm',
      title: t`Delete expense`,
      message: t`Delete "${{ description: expense.description }}"? You can undo it for a few seconds.`,
      confirmLabel: t`Delete`,
      action: async () => {
        await run(
          () => expensesApi.remove(expense.id),
          t`Expense deleted`,
          (reason) => t`Failed to delete expense: ${reason}`,
          { kind: 'expense', id: expense.id },
        );
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
        await run(
          spec.call,
          spec.success,
          // The series' own texts are translated with seriesActions.ts (the friends' screens use it too).
          // eslint-disable-next-line lingui/no-unlocalized-strings
          (reason) => `Failed to ${spec.failure}: ${reason}`,
          spec.deletes,
        );
      },
    });

  const confirmDeletePayment = (payment: Payment) =>
    setDialog({
      kind: 'confirm',
      title: t`Delete payment`,
      message: payment.exchangeId
        ? t`Delete this currency exchange? Both of its payments are deleted.`
        : t`Delete the payment from ${{ from: payment.paidBy.name }} to ${{ to: payment.paidTo.name }}?`,
      confirmLabel: t`Delete`,
      action: async () => {
        await run(
          () => paymentsApi.remove(payment.id),
          t`Payment deleted`,
          (reason) => t`Failed to delete payment: ${reason}`,
          { kind: 'payment', id: payment.id },
        );
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
      {/* Half the width each: a longer language's words wrap within the button. */}
      <div className="mb-6 grid grid-cols-2 gap-2">
        <button
          type="button"
          className="btn-secondary text-center whitespace-normal"
          onClick={() => setDialog({ kind: 'payment', payment: null, preset: null })}
        >
          <Trans>Settle Up</Trans>
        </button>
        <button
          type="button"
          className="btn-primary text-center whitespace-normal"
          onClick={() => setDialog({ kind: 'addExpense' })}
        >
          <PlusIcon className="size-5" /> <Trans>Add Expense</Trans>
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
        <GroupSectionTitle id="activity-title">
          <Trans>Group Activity</Trans>
        </GroupSectionTitle>
        <PendingEntries groupId={group.id} />
        {transactions.isPending ? (
          <SkeletonList rows={4} height="h-16" />
        ) : transactions.error ? (
          <p className="card p-4 text-sm text-danger">{transactions.error.message}</p>
        ) : transactions.data.length === 0 ? (
          <p className="card p-4 text-sm text-muted">
            <Trans>No expenses or payments yet.</Trans>
          </p>
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
