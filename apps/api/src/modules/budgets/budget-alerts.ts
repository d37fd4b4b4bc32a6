// Budget alerts (issue #14 point 4), produced by the notifier as it follows the activity rows:
// an expense row (added, edited, restored) whose recipient has a budget for its category asks
// for that person's share of the current month in the budget's currency; at 80 % and at 100 %
// of the budget a `budget_alert` activity row is recorded for them (once per threshold and month:
// budget_alerts' primary key), in the notifier's transaction. The notifier then delivers that
// row like any other (kind BUDGET: the bell, e-mail and push per the person's settings).
import { BUDGET_ALERT_THRESHOLDS, categoryLabel, formatMinor } from '@evenly/core';
import type { NotificationSetting } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { insertActivities } from '../activity/index.js';
import type { NewActivity } from '../activity/index.js';
import { claimBudgetAlert, standingOf } from './budgets.repository.js';

/** Activity rows that may move someone's share of a category up. */
const RAISING = new Set(['expense_added', 'expense_updated', 'expense_restored']);

export const BUDGET_ALERT_TYPE = 'budget_alert';

/** The month (YYYY-MM, UTC) budgets are measured in at `now`. */
export function currentMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The threshold an alert row stands for: its spent (amount) against its budget (myShare). */
export function alertThreshold(spentCents: number, budgetCents: number): number {
  return spentCents >= budgetCents ? 100 : 80;
}

export function budgetAlertText(
  category: string,
  spentCents: number,
  budgetCents: number,
  currency: string,
): { title: string; body: string } {
  const label = categoryLabel(category);
  const threshold = alertThreshold(spentCents, budgetCents);
  const spent = `${formatMinor(spentCents, currency)} ${currency}`;
  const budget = `${formatMinor(budgetCents, currency)} ${currency}`;
  return threshold >= 100
    ? {
        title: `Over your ${label} budget`,
        body: `Your share this month is ${spent}, over the ${budget} budget.`,
      }
    : {
        title: `80% of your ${label} budget used`,
        body: `Your share this month is ${spent} of the ${budget} budget.`,
      };
}

/**
 * Records the alerts the rows call for; returns whom they are for. `settings`: the recipients' settings
 * (a person with both e-mail and push off for BUDGET gets no alert at all, not even in the bell;
 * the threshold still counts as passed for the month).
 */
export async function recordBudgetAlerts(
  tx: Db,
  rows: readonly { recipientId: number; type: string; category?: string | null }[],
  settings: ReadonlyMap<number, readonly NotificationSetting[]>,
  now: Date,
): Promise<number[]> {
  const seen = new Set<string>();
  const pairs: { userId: number; category: string }[] = [];
  for (const r of rows) {
    if (!RAISING.has(r.type) || r.category === null || r.category === undefined) continue;
    const key = `${String(r.recipientId)}:${r.category}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ userId: r.recipientId, category: r.category });
  }
  const month = currentMonth(now);
  const standing = await standingOf(tx, pairs, month);
  const alerts: NewActivity[] = [];
  for (const b of standing) {
    let fired = false;
    // Highest first: a jump past both says "over budget" once, and 80 % is spent with it.
    for (const threshold of [...BUDGET_ALERT_THRESHOLDS].reverse()) {
      if (b.spentCents * 100 < b.amountCents * threshold) continue;
      const claimed = await claimBudgetAlert(tx, b.userId, b.category, month, threshold);
      if (!claimed || fired) continue;
      fired = true;
      const setting = settings.get(b.userId)?.find((s) => s.kind === 'BUDGET');
      if (setting !== undefined && setting.email === 'OFF' && !setting.push) continue;
      alerts.push({
        recipientId: b.userId,
        type: BUDGET_ALERT_TYPE,
        actorId: b.userId,
        groupId: null,
        groupName: null,
        description: budgetAlertText(b.category, b.spentCents, b.amountCents, b.currency).title,
        amountCents: b.spentCents,
        currency: b.currency,
        // The budget, so the row alone says how far it went (alertThreshold).
        myShareCents: b.amountCents,
        category: b.category,
        at: now,
      });
    }
  }
  await insertActivities(tx, alerts);
  return [...new Set(alerts.map((a) => a.recipientId))];
}
