import { api } from './client';
import type { Comment, EditScope, Expense, ExpenseRequest, ReceiptScan } from './types';

function expenseForm(data: ExpenseRequest, receipt: File | null): FormData {
  const form = new FormData();
  form.append('expenseData', JSON.stringify(data));
  if (receipt) form.append('receiptFile', receipt);
  return form;
}

export const expensesApi = {
  my: () => api<Expense[]>('/expenses/my', { defaultMessage: 'Failed to fetch expenses' }),
  get: (id: number) =>
    api<Expense>(`/expenses/${id}`, { defaultMessage: 'Failed to fetch expense' }),
  /** `idempotencyKey`: the same for every attempt of one submission (lib/idempotency). */
  create: (data: ExpenseRequest, receipt: File | null, idempotencyKey: string) =>
    api<Expense>('/expenses', {
      method: 'POST',
      form: expenseForm(data, receipt),
      defaultMessage: 'Failed to create expense',
      idempotencyKey,
    }),
  /** `scope` (occurrences of a series): `future` also edits later occurrences and the series. */
  update: (id: number, data: ExpenseRequest, receipt: File | null, scope: EditScope = 'this') =>
    api<Expense>(scope === 'future' ? `/expenses/${id}?scope=future` : `/expenses/${id}`, {
      method: 'PUT',
      form: expenseForm(data, receipt),
      defaultMessage: `Failed to update expense ${id}`,
    }),
  remove: (id: number) =>
    api<null>(`/expenses/${id}`, {
      method: 'DELETE',
      defaultMessage: `Failed to delete expense ${id}`,
    }),
  /** Undo of a delete: the expense back exactly as it was (POST /expenses/{id}/restore). */
  restore: (id: number) =>
    api<Expense>(`/expenses/${id}/restore`, {
      method: 'POST',
      defaultMessage: `Failed to restore expense ${id}`,
    }),
  comments: (id: number) =>
    api<Comment[]>(`/expenses/${id}/comments`, { defaultMessage: 'Failed to fetch comments' }),
  addComment: (id: number, content: string) =>
    api<Comment>(`/expenses/${id}/comments`, {
      method: 'POST',
      body: { content },
      defaultMessage: 'Failed to add comment',
    }),
  deleteComment: (commentId: number) =>
    api<null>(`/comments/${commentId}`, {
      method: 'DELETE',
      defaultMessage: 'Failed to delete comment',
    }),
  scanReceipt: (file: File) => {
    const form = new FormData();
    form.append('receipt', file);
    return api<ReceiptScan>('/receipts/scan-and-parse', {
      method: 'POST',
      form,
      defaultMessage: 'An unknown error occurred during receipt scanning.',
      statusTextFallback: true,
    });
  },
};
