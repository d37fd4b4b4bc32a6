import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../api/client';
import { expensesApi } from '../../api/expenses';
import type { EditScope, Expense, User } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useMyExpenses } from '../../hooks/useExpenses';
import { useUndoToast } from '../../hooks/useUndoToast';
import {
  type ConfirmedAction,
  deleteOccurrenceAction,
  endSeriesAction,
  skipNextAction,
} from '../../lib/seriesActions';
import { ConfirmDialog } from '../ConfirmDialog';
import { ExpenseForm } from '../expense/ExpenseForm';
import { ExpenseDetailModal } from '../groups/ExpenseDetailModal';
import { GroupActivity } from '../groups/GroupActivity';
import { Modal } from '../Modal';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { PendingEntries } from '../../offline/PendingEntries';

type Dialog =
  | { kind: 'detail'; id: number }
  | { kind: 'edit'; expense: Expense; scope: EditScope }
  | { kind: 'delete'; expense: Expense }
  | { kind: 'series'; action: ConfirmedAction };

/** Whether `userId` paid for the expense or has a share of it. */
function involves(expense: Expense, userId: number): boolean {
  return (
    expense.payers.some((p) => p.user.id === userId) ||
    expense.splits.some((s) => s.owedBy.id === userId)
  );
}

/**
 * Expenses shared with friends outside any group: listed on the friends page (and those with one
 * friend, `withUser`, on that friend's page) so they can be opened, commented on, edited and
 * deleted like group expenses.
 */
export function NonGroupExpenses({ me, withUser }: { me: User; withUser?: User }) {
  const { t } = useLingui();
  const { data, isPending, error } = useMyExpenses();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const undo = useUndoToast();
  const expenses = (data ?? []).filter(
    (e) => e.groupId === null && (withUser === undefined || involves(e, withUser.id)),
  );
  // `?expense=<id>` (a search result) opens that expense until its details are closed.
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('expense') ?? '');
  const linked = Number.isSafeInteger(wanted) && wanted > 0 ? wanted : null;
  const close = () => {
    setDialog(null);
    if (linked !== null) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('expense');
          return next;
        },
        { replace: true },
      );
    }
  };
  const detailId = dialog?.kind === 'detail' ? dialog.id : dialog === null ? linked : null;
  const current = detailId === null ? null : (expenses.find((e) => e.id === detailId) ?? null);

  const remove = async (expense: Expense) => {
    try {
      await expensesApi.remove(expense.id);
      undo('expense', expense.id);
    } catch (e) {
      const reason = errorMessage(e, t`Unknown error`);
      toast.error(t`Failed to delete expense: ${reason}`);
    } finally {
      close();
      await invalidate();
    }
  };

  /** The confirmed series actions (issue #11): skip, end, delete one occurrence. */
  const runSeries = async (action: ConfirmedAction) => {
    try {
      await action.call();
      if (action.deletes) undo(action.deletes.kind, action.deletes.id);
      else toast.success(action.success);
    } catch (e) {
      const reason = errorMessage(e, t`Unknown error`);
      // The series actions' three failures, each a sentence of its own (lib/seriesActions).
      const failure = action.failure;
      toast.error(
        failure === 'delete expense'
          ? t`Failed to delete expense: ${reason}`
          : failure === 'skip'
            ? t`Failed to skip: ${reason}`
            : failure === 'end series'
              ? t`Failed to end series: ${reason}`
              : t`Failed to ${failure}: ${reason}`,
      );
    } finally {
      close();
      await invalidate();
    }
  };
  const series = current?.series ?? null;
  const withName = withUser?.name ?? '';
  const deleting = dialog?.kind === 'delete' ? dialog.expense : null;
  const description = deleting?.description ?? '';

  return (
    <section aria-labelledby="non-group-title" className="mt-6">
      <h2
        id="non-group-title"
        className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase"
      >
        {withUser ? t`Outside groups with ${withName}` : t`Expenses outside groups`}
      </h2>
      <PendingEntries groupId={null} />
      {isPending ? (
        <SkeletonList rows={2} height="h-16" />
      ) : error ? (
        <p className="text-sm text-danger">{error.message}</p>
      ) : expenses.length === 0 ? (
        <p className="text-sm text-muted">
          {withUser
            ? t`No expenses with ${withName} outside groups yet.`
            : t`No expenses outside groups yet.`}
        </p>
      ) : (
        <GroupActivity
          transactions={expenses}
          meId={me.id}
          onOpenExpense={(expense) => setDialog({ kind: 'detail', id: expense.id })}
        />
      )}
      {current ? (
        <ExpenseDetailModal
          expense={current}
          meId={me.id}
          onClose={close}
          onEdit={() => setDialog({ kind: 'edit', expense: current, scope: 'this' })}
          onDelete={() =>
            setDialog(
              series
                ? { kind: 'series', action: deleteOccurrenceAction(current) }
                : { kind: 'delete', expense: current },
            )
          }
          onEditFuture={() => setDialog({ kind: 'edit', expense: current, scope: 'future' })}
          onSkipNext={(date) => {
            if (series) {
              setDialog({
                kind: 'series',
                action: skipNextAction(series.id, current.description, date),
              });
            }
          }}
          onEndSeries={() => {
            if (series) {
              setDialog({
                kind: 'series',
                action: endSeriesAction(series.id, current.description),
              });
            }
          }}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <Modal
          title={dialog.scope === 'future' ? t`Edit this and future` : t`Edit Expense`}
          onClose={close}
          size="lg"
        >
          <ExpenseForm
            me={me}
            participants={[me]}
            groupId={null}
            groupName={null}
            currency={dialog.expense.currency}
            expense={dialog.expense}
            scope={dialog.scope}
            onSaved={close}
            onCancel={close}
          />
        </Modal>
      ) : null}
      {dialog?.kind === 'delete' && deleting !== null ? (
        <ConfirmDialog
          title={t`Delete expense`}
          message={t`Delete "${description}"? You can undo it for a few seconds.`}
          confirmLabel={t`Delete`}
          danger
          onConfirm={() => remove(deleting)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'series' ? (
        <ConfirmDialog
          title={dialog.action.title}
          message={dialog.action.message}
          confirmLabel={dialog.action.confirmLabel}
          danger
          onConfirm={() => runSeries(dialog.action)}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
