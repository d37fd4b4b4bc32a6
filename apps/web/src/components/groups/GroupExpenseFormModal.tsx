import { useLingui } from '@lingui/react/macro';
import type { EditScope, Expense, Group, User } from '../../api/types';
import { ExpenseForm } from '../expense/ExpenseForm';
import { Modal } from '../Modal';

/** Add an expense to the group, or edit one of its expenses (alone, or with its future repeats). */
export function GroupExpenseFormModal({
  group,
  me,
  edit,
  onClose,
}: {
  group: Group;
  me: User;
  /** The expense edited and how far the edit reaches; none to add one. */
  edit: { expense: Expense; scope: EditScope } | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      title={
        edit === null
          ? t`Add New Expense`
          : edit.scope === 'future'
            ? t`Edit this and future`
            : t`Edit Expense`
      }
      onClose={onClose}
      size="lg"
    >
      <ExpenseForm
        me={me}
        participants={group.members}
        groupId={group.id}
        groupName={group.name}
        currency={group.defaultCurrency}
        currencyMode={group.currencyMode ?? 'CONVERT'}
        expense={edit?.expense ?? null}
        scope={edit?.scope ?? 'this'}
        onSaved={onClose}
        onCancel={onClose}
      />
    </Modal>
  );
}
