// Live updates: a second browser, signed in as another user, sees changes appear without a
// reload, through the app's subscription to GET /api/events (docs/api.md §4.10).
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

/** Marks the document so that a reload (which would drop the mark) can be detected. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.e2eMark = 'still-here';
  });
}

async function wasNotReloaded(page: Page): Promise<boolean> {
  return await page.evaluate(() => document.documentElement.dataset.e2eMark === 'still-here');
}

describe('live updates', () => {
  it('shows an expense added in another browser on the open group page and groups list', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Lisbon trip', [bea]);

    const b = await openAs(browser, server, bea, `/app/group/${group.id}`);
    await b.page.getByText('No expenses or payments yet.').waitFor();
    await b.liveEventsOpened();
    await markDocument(b.page);
    const beaList = await b.context.newPage();
    await beaList.goto(`${server.baseUrl}/app/groups`);
    await beaList.getByText('You are all settled up!').waitFor();
    await markDocument(beaList);

    // Ann adds the expense through her own browser.
    const a = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await a.page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(a.page, 'Add New Expense');
    await form.getByLabel('Description').fill('Dinner');
    await form.getByLabel(/^Amount/).fill('90');
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await seeText(a.page, 'Expense added!');

    const activity = b.page.getByRole('region', { name: 'Group Activity' });
    await activity
      .getByRole('button', { name: /Dinner/ })
      .getByText('you borrowed $45.00')
      .waitFor();
    await b.page.getByText('you owe Ann Lee $45.00').waitFor();
    await beaList.getByText('Overall, you owe $45.00').waitFor();
    await beaList
      .getByRole('link', { name: /Lisbon trip/ })
      .getByText('You owe Ann Lee $45.00')
      .waitFor();
    expect(await wasNotReloaded(b.page)).toBe(true);
    expect(await wasNotReloaded(beaList)).toBe(true);

    // Edits and deletions travel the same way.
    const [expense] = await apiCall<{ id: number }[]>(
      server,
      'GET',
      `/groups/${group.id}/transactions`,
      {
        token: ann.token,
      },
    );
    await apiCall(server, 'DELETE', `/expenses/${expense?.id ?? 0}`, { token: ann.token });
    await b.page.getByText('No expenses or payments yet.').waitFor();
    await beaList.getByText('You are all settled up!').waitFor();
    expect(await wasNotReloaded(b.page)).toBe(true);
    await a.context.close();
    await b.context.close();
  });

  it('shows new comments in an open expense detail and new groups on the list', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Lisbon trip', [bea]);
    const expense = await addEqualExpense(server, ann, group.id, 'Museum', 24, [ann, bea]);

    const b = await openAs(browser, server, bea, `/app/group/${group.id}`);
    await b.page.getByRole('button', { name: /Museum/ }).click();
    const detail = dialog(b.page, 'Museum');
    await detail.getByText('No comments yet.').waitFor();
    await b.liveEventsOpened();
    await markDocument(b.page);
    await apiCall(server, 'POST', `/expenses/${expense.id}/comments`, {
      body: { content: 'Tickets are in my e-mail' },
      token: ann.token,
    });
    await detail.getByText('Tickets are in my e-mail').waitFor();

    // Ann edits the expense while Bea looks at it: the open detail follows.
    await apiCall(server, 'PUT', `/expenses/${expense.id}`, {
      token: ann.token,
      body: {
        description: 'Museum',
        amount: 30,
        groupId: group.id,
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: 30 }],
        splits: [
          { userId: ann.id, value: null },
          { userId: bea.id, value: null },
        ],
      },
    });
    await detail.getByText('$30.00', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Close', exact: true }).last().click();

    await b.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Groups' })
      .click();
    await b.page.getByRole('link', { name: /Lisbon trip/ }).waitFor();
    await createGroup(server, ann, 'Climbing club', [bea]);
    await b.page.getByRole('link', { name: /Climbing club/ }).waitFor();
    expect(await wasNotReloaded(b.page)).toBe(true);
    await b.context.close();
  });
});
