import { describe, expect, it } from 'vitest';
import { alertThreshold, budgetAlertText, currentMonth } from './budget-alerts.js';
import { monthBounds } from './budgets.repository.js';

describe('budget alerts', () => {
  it('say 80 % below the budget and "over" from it', () => {
    expect(alertThreshold(8000, 10000)).toBe(80);
    expect(alertThreshold(10000, 10000)).toBe(100);
    expect(budgetAlertText('groceries', 8500, 10000, 'USD')).toEqual({
      title: '80% of your Groceries budget used',
      body: 'Your share this month is 85.00 USD of the 100.00 USD budget.',
    });
    expect(budgetAlertText('groceries', 10500, 10000, 'EUR').title).toBe(
      'Over your Groceries budget',
    );
  });

  it('count calendar months in UTC', () => {
    expect(currentMonth(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12');
    expect(monthBounds('2026-12')).toEqual(['2026-12-01', '2027-01-01']);
    expect(monthBounds('2026-02')).toEqual(['2026-02-01', '2026-03-01']);
  });
});
