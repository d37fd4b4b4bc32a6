// Charts and budgets (issue #14 points 3 and 4): the report sums and my monthly budgets.
import { api } from './client';
import type { Budget, BudgetList, GroupReport, MyReport } from './types';

/** Inclusive YYYY-MM-DD bounds; null = open. */
export interface ReportRange {
  from: string | null;
  to: string | null;
}

function rangeQuery(range: ReportRange): string {
  const q = new URLSearchParams();
  if (range.from !== null) q.set('from', range.from);
  if (range.to !== null) q.set('to', range.to);
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

export const reportsApi = {
  group: (groupId: number, range: ReportRange) =>
    api<GroupReport>(`/groups/${String(groupId)}/reports${rangeQuery(range)}`, {
      defaultMessage: 'Could not load the charts.',
    }),
  mine: (range: ReportRange) =>
    api<MyReport>(`/reports/me${rangeQuery(range)}`, {
      defaultMessage: 'Could not load your charts.',
    }),
  budgets: () => api<BudgetList>('/budgets', { defaultMessage: 'Could not load your budgets.' }),
  saveBudget: (category: string, amount: string, currency: string) =>
    api<Budget>(`/budgets/${encodeURIComponent(category)}`, {
      method: 'PUT',
      body: { amount, currency },
      defaultMessage: 'Could not save the budget.',
    }),
  removeBudget: (category: string) =>
    api<null>(`/budgets/${encodeURIComponent(category)}`, {
      method: 'DELETE',
      defaultMessage: 'Could not remove the budget.',
    }),
};
