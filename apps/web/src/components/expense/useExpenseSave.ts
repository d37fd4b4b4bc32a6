import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Expense, ExpenseRequest, User } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { useSubmitFailure } from '../../hooks/useSubmitFailure';
import * as offline from '../../offline/writes';
import { useToast } from '../toast/toastContext';

/**
 * Saving the expense form: creates or edits (this one, or this and the future repeats), online
 * or queued offline, with one Idempotency-Key per distinct request so Retry never doubles it.
 */
export function useExpenseSave({
  me,
  participants,
  groupName,
  expense,
  editsSeries,
  onSaved,
}: {
  me: User;
  participants: readonly User[];
  groupName: string | null;
  /** The expense edited; none when adding. */
  expense: Expense | null | undefined;
  /** The edit reaches the later occurrences and the series too. */
  editsSeries: boolean;
  onSaved: () => void;
}) {
  const { i18n, t } = useLingui();
  const [saving, setSaving] = useState(false);
  const failure = useSubmitFailure();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();

  const save = async (
    request: ExpenseRequest,
    receipt: File | null,
    { removeReceipt, repeats }: { removeReceipt: boolean; repeats: boolean },
  ) => {
    failure.clear();
    setSaving(true);
    try {
      const context = { people: participants, meId: me.id, groupName };
      if (expense) {
        const edit = removeReceipt && !receipt ? { ...request, removeReceipt: true } : request;
        const saved = await offline.updateExpense(
          expense,
          edit,
          receipt,
          editsSeries ? 'future' : 'this',
          keys.keyFor({ id: expense.id, edit }, receipt),
          context,
        );
        keys.succeeded();
        if (saved.queued) toast.success(i18n._(offline.QUEUED_MESSAGE));
        else
          toast.success(editsSeries ? t`Expense and future repeats updated!` : t`Expense updated!`);
      } else {
        const saved = await offline.createExpense(
          request,
          receipt,
          keys.keyFor(request, receipt),
          context,
        );
        keys.succeeded();
        if (saved.queued) toast.success(i18n._(offline.QUEUED_MESSAGE));
        else toast.success(repeats ? t`Recurring expense added!` : t`Expense added!`);
      }
      await invalidate();
      onSaved();
    } catch (e) {
      failure.fail(e);
      setSaving(false);
    }
  };

  return { saving, failure: failure.failure, save };
}
