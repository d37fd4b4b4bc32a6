// Charts and budgets (issue #14 points 3 and 4): a group's charts from its page, read through
// their table views; a monthly budget set on the personal charts screen, and the 80 % alert in
// the bell once an expense crosses it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './support/app';
import { apiCall, befriend, createGroup, createUser, openAs, startAppServer } from './support/app';
import { launchBrowser } from './support/browser';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const today = () => new Date().toISOString().slice(0, 10);

async function addExpense(
  payer: TestUser,
  groupId: number,
  description: string,
  amount: number,
  category: string,
  among: TestUser[],
): Promise<void> {
  await apiCall(server, 'POST', '/expenses', {
    token: payer.token,
    body: {
      description,
      amount,
      groupId,
      category,
      date: today(),
      splitType: 'EQUAL',
      payers: [{ userId: payer.id, amountPaid: amount }],
      splits: among.map((u) => ({ userId: u.id, value: null })),
    },
  });
}

/** The cells of a table, row by row (header cells included). */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  await table.waitFor();
  return await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent ?? '')),
    );
}

describe('charts and budgets', () => {
  it("opens a group's charts and reads them as tables", async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Flat 3B', [bea]);
    await addExpense(ann, group.id, 'Weekly shop', 60, 'groceries', [ann, bea]);
    await addExpense(ann, group.id, 'Pizza night', 30.5, 'dining_out', [ann, bea]);
    await addExpense(bea, group.id, 'Market', 12.25, 'groceries', [ann, bea]);

    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await page.getByRole('link', { name: 'Charts', exact: true }).click();
    await page.waitForURL(`**/app/groups/${group.id}/charts`);
    await page.getByRole('heading', { name: 'Flat 3B · Charts' }).waitFor();
    expect(await page.getByTestId('report-total').textContent()).toBe('$102.75');
    // The chart is one image whose name says its figures.
    await page.getByRole('img', { name: /^Spending by category: Groceries \$72\.25/ }).waitFor();

    const byCategory = page.getByRole('region', { name: 'Spending by category' });
    const toggle = byCategory.getByRole('button', { name: 'Show as table' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await tableRows(page, 'Spending by category')).toEqual([
      ['Groceries', '$72.25', '2'],
      ['Dining out', '$30.50', '1'],
    ]);

    // Keyboard: the toggle of the next chart is reached with Tab and pressed with Enter.
    const members = page.getByRole('region', { name: 'Paid versus share' });
    await members.getByRole('button', { name: 'Show as table' }).focus();
    await page.keyboard.press('Enter');
    expect(await tableRows(page, 'Paid versus share')).toEqual([
      ['Ann Lee', '$90.50', '$51.38'],
      ['Bea Costa', '$12.25', '$51.37'],
    ]);

    await page
      .getByRole('region', { name: 'Spending by month' })
      .getByRole('button', { name: 'Show as table' })
      .click();
    const months = await tableRows(page, 'Spending by month');
    expect(months).toHaveLength(1);
    expect(months[0]?.[1]).toBe('$102.75');
    await context.close();
  });

  it('sets a budget and rings the bell when an expense crosses 80 %', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Flat 3B', [bea]);
    await addExpense(ann, group.id, 'Weekly shop', 60, 'groceries', [ann, bea]);
    await apiCall(server, 'POST', '/notifications/read-all', { token: ann.token });

    const { page, context } = await openAs(browser, server, ann, '/app/account');
    await page.getByRole('link', { name: 'Charts & budgets' }).click();
    await page.waitForURL('**/app/reports');
    await page.getByText('No budgets yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add budget' }).click();
    const form = page.getByRole('form', { name: 'New budget' });
    await form.getByLabel('Category').selectOption('groceries');
    await form.getByLabel('Monthly amount').fill('100');
    expect(await form.getByRole('combobox', { name: 'Currency' }).inputValue()).toContain('USD');
    await form.getByRole('button', { name: 'Save budget' }).click();
    await form.waitFor({ state: 'detached' });

    const progress = page.getByRole('progressbar', { name: 'Groceries' });
    await progress.waitFor();
    expect(await progress.getAttribute('aria-valuenow')).toBe('30');
    expect(await progress.getAttribute('aria-valuetext')).toBe('$30.00 of $100.00 (30%)');

    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await apiCall(server, 'POST', '/notifications/read-all', { token: ann.token });
    // Bea's shop makes Ann's share 30 + 55 = 85 of 100.
    await addExpense(bea, group.id, 'Big shop', 110, 'groceries', [ann, bea]);
    const bell = page.getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 20_000 });
    await page.reload();
    await progress.waitFor();
    expect(await progress.getAttribute('aria-valuenow')).toBe('85');
    await page.getByText('$15.00 left this month').waitFor();

    await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    await page.waitForURL('**/app/notifications');
    const list = page.getByRole('list', { name: 'Notifications' });
    const alert = list
      .getByRole('listitem')
      .filter({ hasText: '80% of your Groceries budget used' });
    await alert.waitFor({ timeout: 20_000 });
    await alert.getByText('$85.00 of $100.00 this month').waitFor();
    await alert.getByRole('link').click();
    await page.waitForURL('**/app/reports');

    // The alerts have their own kind in the notification settings (e-mail and push).
    await page.goto(`${server.baseUrl}/app/account/notifications`);
    await page
      .getByRole('radiogroup', { name: 'E-mail for Budget alerts (80% and 100%)' })
      .waitFor();
    await page.getByRole('switch', { name: 'Push for Budget alerts (80% and 100%)' }).waitFor();
    await context.close();
  });
});
