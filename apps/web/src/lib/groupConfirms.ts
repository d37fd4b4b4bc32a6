// What leaving and deleting a group ask before they go: the group page and Group settings both
// offer them, each reporting the outcome its own way.

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
