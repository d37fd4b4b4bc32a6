// Monthly budgets per category for the caller's own share (issue #14 point 4). Shared by the API
// (PUT /api/budgets/{category}) and the web form.
import type { Message } from '../message.js';
import { isCategoryId } from '../categories.js';
import type { CategoryId } from '../categories.js';
import type { Cents } from '../money.js';
import { readCurrencyCode } from './currency.js';
import { readPositiveAmount } from './fields.js';
import type { ValidationIssue, ValidationResult } from './issues.js';

/** The thresholds (percent of the budget) that send a budget alert, once each per month. */
export const BUDGET_ALERT_THRESHOLDS = [80, 100] as const;
export type BudgetThreshold = (typeof BUDGET_ALERT_THRESHOLDS)[number];

export const MSG_BUDGET_CATEGORY: Message = /*i18n*/ {
  id: 'budget.category',
  message: 'Choose one of the expense categories.',
};

export interface BudgetInput {
  category: CategoryId;
  amount: Cents;
  currency: string;
}

export type BudgetRead = ValidationResult<BudgetInput>;

/** A budget from the path's category and a body `{ amount, currency }`. */
export function readBudget(category: unknown, body: unknown): BudgetRead {
  const issues: ValidationIssue[] = [];
  const cat = typeof category === 'string' ? category.trim().toLowerCase() : '';
  if (!isCategoryId(cat)) issues.push({ path: ['category'], message: MSG_BUDGET_CATEGORY });
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const currency = readCurrencyCode(data.currency);
  if (!currency.ok) issues.push({ path: ['currency'], message: currency.message });
  const amount = readPositiveAmount(data.amount, currency.ok ? currency.value : 'USD');
  if (!amount.ok) issues.push({ path: ['amount'], message: amount.message });
  if (issues.length > 0 || !currency.ok || !amount.ok || !isCategoryId(cat)) {
    return { ok: false, issues };
  }
  return { ok: true, value: { category: cat, amount: amount.value, currency: currency.value } };
}

/** Whole percent of `spent` over `budget` (floored: 79.99 % is 79, not yet the 80 % alert). */
export function budgetPercent(spent: number, budget: number): number {
  if (budget <= 0) return 0;
  return Math.floor((spent * 100) / budget);
}
