// What leaving and deleting a group ask before they go (both are in Group settings only).

/** The question before leaving the group named `name`. */
export function leaveGroupQuestion(name: string) {
  return {
    title: 'Leave group',
    message: `Leave "${name}"? You will lose access to its expenses.`,
    confirmLabel: 'Leave',
  };
}

/** The question before deleting the group named `name`. */
export function deleteGroupQuestion(name: string) {
  return {
    title: 'Delete group',
    message: `Delete "${name}" with all its expenses and payments? This cannot be undone.`,
    confirmLabel: 'Delete Group',
  };
}
