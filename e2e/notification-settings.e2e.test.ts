// Notification settings and reminders against the real server (issue #11 points 6, 7): a changed
// setting survives a reload, and "Remind" on the friends page sends a reminder once a day.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  openAs,
  seeText,
  startAppServer,
} from './support/app';
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

describe('notification settings', () => {
  it('opens from the account page, saves a change, and keeps it after a reload', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/account');
    await page
      .getByRole('list', { name: 'Account menu' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await page.waitForURL('**/app/account/notifications');

    const comments = page.getByRole('radiogroup', { name: 'E-mail for Comments on my expenses' });
    expect(await comments.getByRole('radio', { name: 'Daily digest' }).isChecked()).toBe(true);
    await comments.getByRole('radio', { name: 'Off' }).check();
    const expensePush = page.getByRole('switch', { name: 'Push for Expenses that involve me' });
    expect(await expensePush.isChecked()).toBe(true);
    await expensePush.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Notification settings saved');

    await page.reload();
    const after = page.getByRole('radiogroup', { name: 'E-mail for Comments on my expenses' });
    await after.getByRole('radio', { name: 'Off' }).waitFor();
    expect(await after.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true);
    expect(
      await page.getByRole('switch', { name: 'Push for Expenses that involve me' }).isChecked(),
    ).toBe(false);
    const stored = await apiCall<{ kind: string; email: string; push: boolean }[]>(
      server,
      'GET',
      '/notification-settings',
      { token: ann.token },
    );
    expect(stored.find((s) => s.kind === 'COMMENT')?.email).toBe('OFF');
    expect(stored.find((s) => s.kind === 'EXPENSE')?.push).toBe(false);
    await context.close();
  });
});

describe('reminders', () => {
  it('reminds a friend who owes you, and says so when it is too soon to remind again', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    const cy = await createUser(server, 'Cy Park');
    await befriend(server, ann, bea);
    await befriend(server, ann, cy);
    // Bea owes Ann 10; Cy owes nothing, so Cy's row has no Remind button.
    await addEqualExpense(server, ann, null, 'Taxi', 20, [ann, bea]);
    const { page, context } = await openAs(browser, server, ann, '/app/friends');
    await page.getByText('Cy Park').waitFor();
    const remind = page.getByRole('button', { name: 'Remind Bea Costa' });
    await remind.click();
    await seeText(page, 'Reminder sent to Bea Costa');
    expect(await page.getByRole('button', { name: 'Remind Cy Park' }).count()).toBe(0);

    await remind.click();
    await seeText(page, 'You already reminded Bea Costa today.');
    await context.close();
  });

  it('reminds a member from a group balance line', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Flat', [bea]);
    await addEqualExpense(server, ann, group.id, 'Rent', 900, [ann, bea]);
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await page.getByText('Bea Costa owes you').waitFor();
    await page.getByRole('button', { name: 'Remind Bea Costa' }).click();
    await seeText(page, 'Reminder sent to Bea Costa');
    await context.close();
  });
});
