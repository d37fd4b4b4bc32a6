// Navigation state of /app/expense/new: the group or friend the expense is with.
export interface ExpenseTarget {
  type: 'group' | 'friend';
  id: number;
}

export function readExpenseTarget(state: unknown): ExpenseTarget | null {
  if (typeof state !== 'object' || state === null) return null;
  if (!('type' in state) || !('id' in state)) return null;
  const { type, id } = state;
  if ((type === 'group' || type === 'friend') && typeof id === 'number' && id > 0)
    return { type, id };
  return null;
}
