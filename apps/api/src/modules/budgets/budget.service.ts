// BudgetService (issue #14 point 4): the caller's monthly budgets per category, each with the
// current month's share spent against it. Alerts are the notifier's (budget-alerts.ts).
import { isCategoryId, readBudget } from '@evenly/core';
import { issuesError, NotFoundError } from '../../errors/app-errors.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { currentMonth } from './budget-alerts.js';
import type { BudgetRow } from './budgets.repository.js';
import { budgetsOf, deleteBudget, saveBudget } from './budgets.repository.js';

export const MSG_NO_BUDGET = 'There is no budget for this category.';

export interface BudgetList {
  month: string;
  budgets: BudgetRow[];
}

export class BudgetService {
  constructor(protected readonly deps: ServiceDeps) {}

  async list(userId: number, now = new Date()): Promise<BudgetList> {
    const month = currentMonth(now);
    return { month, budgets: await budgetsOf(this.deps.db, userId, month) };
  }

  /** Creates or replaces the budget of `category`; 400 on a bad category, amount or currency. */
  async put(
    userId: number,
    category: string,
    body: unknown,
  ): Promise<{ created: boolean; month: string; budget: BudgetRow }> {
    const read = readBudget(category, body);
    if (!read.ok) throw issuesError(read.issues);
    const { value } = read;
    const created = await saveBudget(this.deps.db, userId, {
      category: value.category,
      currency: value.currency,
      amountCents: value.amount,
    });
    const list = await this.list(userId);
    const budget = list.budgets.find((b) => b.category === value.category);
    if (budget === undefined) throw new Error('budget vanished');
    return { created, month: list.month, budget };
  }

  /** 404 when the caller has no budget for it. */
  async remove(userId: number, category: string): Promise<void> {
    const id = category.trim().toLowerCase();
    // Not a category (any text, NUL included, may come in the path): there is no such budget.
    const removed = isCategoryId(id) && (await deleteBudget(this.deps.db, userId, id));
    if (!removed) throw new NotFoundError(MSG_NO_BUDGET);
  }
}
