// In-app notifications (issue #11): Bea's expense with Ann reaches Ann's bell without a reload
// (live events), the list shows who did what and leads to it, opening it reads it, and "Mark
// all as read" clears the count.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  openAs,
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

/** The bell in the page header, found by its accessible name ("Notifications, 2 unread"). */
function bell(page: Page, unread: number) {
  const name = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return page.getByRole('main').getByRole('link', { name, exact: true });
}

async function markDocument(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.e2eMark = 'still-here';
  });
}

async function wasNotReloaded(page: Page): Promise<boolean> {
  return await page.evaluate(() => document.documentElement.dataset.e2eMark === 'still-here');
}

describe('notifications', () => {
  it('rings the bell live, leads to the expense, and reads it when opened', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, bea, ann);
    const group = await createGroup(server, bea, 'Lisbon trip', [ann]);
    // The friend request and the group are Ann's first notifications: start from none unread.
    await apiCall(server, 'POST', '/notifications/read-all', { token: ann.token });

    const a = await openAs(browser, server, ann, '/app/groups');
    await a.page.getByRole('link', { name: /Lisbon trip/ }).waitFor();
    await bell(a.page, 0).waitFor();
    await a.liveEventsOpened();
    await markDocument(a.page);

    const dinner = await addEqualExpense(server, bea, group.id, 'Dinner', 60, [ann, bea]);
    await bell(a.page, 1).waitFor();
    expect(await a.page.getByTestId('notification-badge').textContent()).toBe('1');
    expect(await wasNotReloaded(a.page)).toBe(true);

    await bell(a.page, 1).click();
    await a.page.waitForURL('**/app/notifications');
    const list = a.page.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('listitem').filter({ hasText: 'Bea Costa added "Dinner"' });
    await item.getByText('in "Lisbon trip"', { exact: false }).waitFor();
    await item.getByText('You owe $30.00').waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    // Older notifications (the friend request) are there, already read.
    await list.getByText('Bea Costa sent you a friend request').waitFor();

    await item.getByRole('link').click();
    await a.page.waitForURL(`**/app/group/${group.id}`);
    await dialog(a.page, 'Dinner').waitFor();
    await bell(a.page, 0).waitFor();
    const after = await apiCall<{ count: number }>(server, 'GET', '/notifications/unread-count', {
      token: ann.token,
    });
    expect(after.count).toBe(0);
    expect(dinner.id).toBeGreaterThan(0);
    await a.context.close();
  });

  it('marks everything read at once', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Flat 3B', [bea]);
    await addEqualExpense(server, bea, group.id, 'Groceries', 40, [ann, bea]);
    await addEqualExpense(server, bea, null, 'Taxi', 20, [ann, bea]);

    const a = await openAs(browser, server, ann, '/app/notifications', { phone: true });
    const list = a.page.getByRole('list', { name: 'Notifications' });
    await list.getByText('Bea Costa added "Taxi"').waitFor();
    await list.getByText('Bea Costa added "Groceries" in "Flat 3B"').waitFor();
    await bell(a.page, 2).waitFor();
    expect(await list.locator('[data-read="false"]').count()).toBe(2);

    await a.page.getByRole('button', { name: 'Mark all as read' }).click();
    await bell(a.page, 0).waitFor();
    await a.page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
    expect(await list.locator('[data-read="false"]').count()).toBe(0);
    expect(await list.locator('[data-read="true"]').count()).toBe(2);
    await a.context.close();
  });
});
