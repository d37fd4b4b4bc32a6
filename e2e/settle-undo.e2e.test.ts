// Issue #13, points 3 and 4, against the real server in Chromium: settle-up filled in with the
// amount owed, both ways ("I paid Bea" / "Carl paid me"), in a group and between friends, until
// every balance is zero; and Undo after deleting an expense or a payment, which puts the
// balances back to the cent (another member's open page follows live), keyboard first.
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
import type { TestUser } from './support/app';
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

interface Line {
  otherUser: { id: number };
  netAmount: number;
  currency: string;
}

function groupLines(user: TestUser, groupId: number): Promise<Line[]> {
  return apiCall<Line[]>(server, 'GET', `/balances/group/${groupId}`, { token: user.token });
}

function overall(user: TestUser) {
  return apiCall<{ totalOwedToUser: number; totalOwedByUser: number }>(
    server,
    'GET',
    '/balances/overall',
    { token: user.token },
  );
}

/** The Undo button of the "… deleted" toast. */
function undoButton(page: Page) {
  return page.getByRole('status').getByRole('button', { name: 'Undo' });
}

async function isFocused(page: Page, locator: ReturnType<typeof undoButton>): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

describe('settle up, filled in, both ways', () => {
  it('in a group: "I paid Bea" and "Carl paid me" from the balance lines end at zero', async () => {
    const [ann, bea, carl] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
      createUser(server, 'Carl Diaz'),
    ]);
    await befriend(server, ann, bea);
    await befriend(server, ann, carl);
    const group = await createGroup(server, ann, 'Lisbon trip', [bea, carl]);
    // Ann owes Bea 30.01; Carl owes Ann 20.50.
    await addEqualExpense(server, bea, group.id, 'Apartment', 60.02, [ann, bea]);
    await addEqualExpense(server, ann, group.id, 'Museum', 41, [ann, carl]);

    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    const balances = page.getByRole('region', { name: 'Group Balances' });
    await balances.getByText('you owe Bea Costa $30.01').waitFor();

    await balances.getByRole('button', { name: 'Settle with Bea Costa (USD)' }).click();
    let modal = dialog(page, 'Record a payment');
    expect(await modal.getByLabel('Member').inputValue()).toBe(String(bea.id));
    expect(
      await modal.getByRole('button', { name: 'I paid Bea Costa' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await modal.getByLabel('Amount (USD)').inputValue()).toBe('30.01');
    await modal.getByRole('button', { name: 'Save Payment' }).click();
    await seeText(page, 'Payment added!');
    await modal.waitFor({ state: 'detached' });
    await balances.getByText('you owe Bea Costa').waitFor({ state: 'detached' });

    await balances.getByRole('button', { name: 'Settle with Carl Diaz (USD)' }).click();
    modal = dialog(page, 'Record a payment');
    expect(
      await modal.getByRole('button', { name: 'Carl Diaz paid me' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await modal.getByLabel('Amount (USD)').inputValue()).toBe('20.50');
    // The other way round would settle nothing: the amount is left for the user to type.
    await modal.getByRole('button', { name: 'I paid Carl Diaz' }).click();
    expect(await modal.getByLabel('Amount (USD)').inputValue()).toBe('');
    await modal.getByRole('button', { name: 'Carl Diaz paid me' }).click();
    expect(await modal.getByLabel('Amount (USD)').inputValue()).toBe('20.50');
    await modal.getByRole('button', { name: 'Save Payment' }).click();
    await seeText(page, 'Payment added!');
    await seeText(page, 'Everyone is settled up within this group.');

    for (const user of [ann, bea, carl]) expect(await groupLines(user, group.id)).toEqual([]);
    const payments = await apiCall<{ paidBy: { id: number }; paidTo: { id: number } }[]>(
      server,
      'GET',
      '/payments/my',
      { token: ann.token },
    );
    expect(payments.map((p) => [p.paidBy.id, p.paidTo.id])).toEqual([
      [carl.id, ann.id],
      [ann.id, bea.id],
    ]);
    await context.close();
  });

  it('between friends: from a friend row, "I paid Dan" and "Eve paid me" end at zero', async () => {
    const [ann, dan, eve] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Dan Ross'),
      createUser(server, 'Eve Park'),
    ]);
    await befriend(server, ann, dan);
    await befriend(server, ann, eve);
    // Ann owes Dan 104.57 outside groups; Eve owes Ann 12.34.
    await addEqualExpense(server, dan, null, 'Concert', 209.14, [ann, dan]);
    await addEqualExpense(server, ann, null, 'Taxi', 24.68, [ann, eve]);

    const { page, context } = await openAs(browser, server, ann, '/app/friends');
    const friends = page.getByRole('region', { name: 'Your friends' });
    await friends.getByRole('link', { name: 'Settle with Dan Ross' }).click();
    await page.waitForURL(`**/app/settle-up?with=${dan.id}`);
    await seeText(page, 'You owe Dan Ross $104.57');
    expect(
      await page.getByRole('button', { name: 'I paid Dan Ross' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByLabel('Amount (USD)').inputValue()).toBe('104.57');
    await page.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Payment recorded successfully!');
    await page.waitForURL('**/app/activity');

    await page.goto(`${server.baseUrl}/app/friends`);
    await friends.getByRole('link', { name: 'Settle with Eve Park' }).click();
    await seeText(page, 'Eve Park owes you $12.34');
    expect(
      await page.getByRole('button', { name: 'Eve Park paid me' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByLabel('Amount (USD)').inputValue()).toBe('12.34');
    await page.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Payment recorded successfully!');
    await page.waitForURL('**/app/activity');

    await page.goto(`${server.baseUrl}/app/friends`);
    await seeText(page, 'You are all settled up!');
    // The list may first show what was last synced on this device, then the server's answer.
    await expect
      .poll(() => friends.getByRole('link', { name: /^Settle with/ }).count(), { timeout: 10_000 })
      .toBe(0);
    expect(await overall(ann)).toMatchObject({ totalOwedToUser: 0, totalOwedByUser: 0 });
    expect(await overall(dan)).toMatchObject({ totalOwedToUser: 0, totalOwedByUser: 0 });
    expect(await overall(eve)).toMatchObject({ totalOwedToUser: 0, totalOwedByUser: 0 });
    await context.close();
  });
});

describe('undo', () => {
  it('restores a deleted expense from the keyboard; balances back to the cent, live elsewhere', async () => {
    const [ann, bea, carl] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
      createUser(server, 'Carl Diaz'),
    ]);
    await befriend(server, ann, bea);
    await befriend(server, ann, carl);
    const group = await createGroup(server, ann, 'Porto', [bea, carl]);
    await addEqualExpense(server, bea, group.id, 'Dinner', 100, [ann, bea, carl]);
    await addEqualExpense(server, ann, group.id, 'Tram', 7.5, [ann, carl]);
    const before = await groupLines(ann, group.id);
    const beaBefore = await groupLines(bea, group.id);

    const b = await openAs(browser, server, bea, `/app/group/${group.id}`);
    await b.liveEventsOpened();
    const beaActivity = b.page.getByRole('region', { name: 'Group Activity' });
    await beaActivity.getByRole('button', { name: /Dinner/ }).waitFor();

    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    const activity = page.getByRole('region', { name: 'Group Activity' });
    await activity.getByRole('button', { name: /Dinner/ }).click();
    const detail = dialog(page, 'Dinner');
    await detail.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete expense' });
    await confirm.getByText('Delete "Dinner"? You can undo it for a few seconds.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

    // "Expense deleted" is announced (a status), and its Undo takes the focus.
    const status = page.getByRole('status').filter({ hasText: 'Expense deleted' });
    await status.waitFor();
    const undo = status.getByRole('button', { name: 'Undo' });
    await expect.poll(() => isFocused(page, undo)).toBe(true);
    await activity.getByRole('button', { name: /Dinner/ }).waitFor({ state: 'detached' });
    await beaActivity.getByRole('button', { name: /Dinner/ }).waitFor({ state: 'detached' });
    expect(await groupLines(ann, group.id)).not.toEqual(before);

    await page.keyboard.press('Enter');
    await seeText(page, 'Expense restored');
    await activity.getByRole('button', { name: /Dinner/ }).waitFor();
    await undo.waitFor({ state: 'detached' });
    expect(await groupLines(ann, group.id)).toEqual(before);
    expect(await groupLines(bea, group.id)).toEqual(beaBefore);
    // Bea's open page follows without a reload.
    await beaActivity.getByRole('button', { name: /Dinner/ }).waitFor();
    await b.page.getByText('Ann Lee owes you $33.34').waitFor();
    await b.context.close();
    await context.close();
  });

  it('restores a deleted payment; left alone, the toast goes after 10 seconds', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Flat', [bea]);
    await addEqualExpense(server, ann, group.id, 'Rent', 1200, [ann, bea]);
    await apiCall(server, 'POST', '/payments', {
      token: bea.token,
      body: { paidToUserId: ann.id, amount: 250.25, groupId: group.id },
    });
    const before = await groupLines(ann, group.id);
    expect(before.map((l) => l.netAmount)).toEqual([349.75]);

    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    const activity = page.getByRole('region', { name: 'Group Activity' });
    const remove = async () => {
      await activity
        .getByRole('button', { name: 'Delete payment: Bea Costa paid Ann Lee' })
        .click();
      await page
        .getByRole('alertdialog', { name: 'Delete payment' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await page.getByRole('status').filter({ hasText: 'Payment deleted' }).waitFor();
      await page.getByText('Bea Costa owes you $600.00').waitFor();
    };

    await remove();
    await undoButton(page).click();
    await seeText(page, 'Payment restored');
    await page.getByText('Bea Costa owes you $349.75').waitFor();
    await activity.getByText('Bea Costa paid you').waitFor();
    expect(await groupLines(ann, group.id)).toEqual(before);

    // Deleted again and left alone: the offer goes, the payment stays deleted.
    await remove();
    await undoButton(page).waitFor({ state: 'detached', timeout: 20_000 });
    expect((await groupLines(ann, group.id)).map((l) => l.netAmount)).toEqual([600]);
    expect(await activity.getByText('Bea Costa paid you').count()).toBe(0);
    await context.close();
  });
});
