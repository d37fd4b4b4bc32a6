// Payments against the real server: the settle-up page both ways, group payments recorded,
// edited and deleted, and the simplify-debts switch with its suggested payments.
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

async function balanceLines(page: Page): Promise<string[]> {
  const region = page.getByRole('region', { name: 'Group Balances' });
  // Each line's words, without its "Remind" (e2e/notification-settings tests that) and
  // "Settle" buttons (e2e/settle-undo).
  return (await region.getByRole('listitem').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').replace(/( Remind)?( Settle)?$/, ''),
  );
}

describe('settle-up page', () => {
  it('records "I paid Bea" across a group and outside groups, after validating', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, bea, 'Flat 3B', [ann]);
    await addEqualExpense(server, bea, group.id, 'Rent', 30, [ann, bea]);
    await addEqualExpense(server, bea, null, 'Concert', 20, [ann, bea]);

    const { page, context } = await openAs(browser, server, ann, '/app/friends');
    await seeText(page, 'Overall, you owe $25.00');
    await page.getByRole('link', { name: 'Settle Up', exact: true }).click();
    await page.waitForURL('**/app/settle-up');
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    await seeText(page, 'Please select a friend and enter a valid positive amount.');
    await page.getByLabel('Friend').selectOption({ label: 'Bea Costa' });
    await seeText(page, 'You owe Bea Costa $25.00');
    // Filled in with what settles it (issue #13).
    expect(await page.getByLabel(/^Amount/).inputValue()).toBe('25.00');
    // Three digits after the point would be asked about ('Did you mean…'); four are just wrong.
    for (const wrong of ['0', '12.3456']) {
      await page.getByLabel(/^Amount/).fill(wrong);
      await save.click();
      await page
        .getByRole('alert')
        .getByText('Please select a friend and enter a valid positive amount.')
        .waitFor();
    }

    expect(
      await page.getByRole('button', { name: 'I paid Bea Costa' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByLabel(/^Amount/).fill('25');
    await save.click();
    await seeText(page, 'Payment recorded successfully!');
    await page.waitForURL('**/app/activity');
    await page.getByRole('heading', { name: 'Recent activity' }).waitFor();

    await page.goto(`${server.baseUrl}/app/friends`);
    await seeText(page, 'You are all settled up!');
    await page.getByRole('region', { name: 'Your friends' }).getByText('Settled up').waitFor();
    // The group part went to the group, the rest outside groups.
    const lines = await apiCall<unknown[]>(server, 'GET', `/balances/group/${group.id}`, {
      token: ann.token,
    });
    expect(lines).toEqual([]);
    await context.close();
  });

  it('records "Carl paid me"', async () => {
    const [ann, carl] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Carl Diaz'),
    ]);
    await befriend(server, ann, carl);
    await addEqualExpense(server, ann, null, 'Tickets', 50, [ann, carl]);
    const { page, context } = await openAs(browser, server, ann, '/app/settle-up');
    await page.getByRole('button', { name: 'Someone paid me' }).click();
    expect(
      await page.getByRole('button', { name: 'Someone paid me' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByLabel('Friend').selectOption({ label: 'Carl Diaz' });
    await seeText(page, 'Carl Diaz owes you $25.00');
    expect(
      await page.getByRole('button', { name: 'Carl Diaz paid me' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByLabel(/^Amount/).inputValue()).toBe('25.00');
    await page.getByLabel(/^Amount/).fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Payment recorded successfully!');
    await page.waitForURL('**/app/activity');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Friends' })
      .click();
    await seeText(page, 'Overall, you are owed $15.00');
    const payments = await apiCall<
      { paidBy: { id: number }; paidTo: { id: number }; amount: number }[]
    >(server, 'GET', '/payments/my', { token: carl.token });
    expect(payments.map((p) => [p.paidBy.id, p.paidTo.id, p.amount])).toEqual([
      [carl.id, ann.id, 10],
    ]);
    await context.close();
  });
});

describe('group payments', () => {
  it('records, edits and deletes a payment inside a group', async () => {
    const [ann, bea, carl] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
      createUser(server, 'Carl Diaz'),
    ]);
    await befriend(server, bea, ann);
    await befriend(server, bea, carl);
    const group = await createGroup(server, bea, 'Lisbon trip', [ann, carl]);
    await addEqualExpense(server, bea, group.id, 'Apartment', 90, [ann, bea, carl]);

    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await page.getByText('you owe Bea Costa $30.00').waitFor();
    await page.getByRole('button', { name: 'Settle Up' }).click();
    let modal = dialog(page, 'Record a payment');
    // Filled in with the largest balance: Ann owes Bea 30 (issue #13).
    expect(await modal.getByLabel('Member').inputValue()).toBe(String(bea.id));
    await modal.getByText('You owe Bea Costa $30.00 in this group').waitFor();
    expect(
      await modal.getByRole('button', { name: 'I paid Bea Costa' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await modal.getByLabel(/^Amount/).inputValue()).toBe('30.00');
    // The member list leaves out the current user.
    expect(await modal.getByLabel('Member').locator('option').allInnerTexts()).toEqual([
      'Select a member',
      'Bea Costa',
      'Carl Diaz',
    ]);
    await modal.getByLabel('Member').selectOption({ label: 'Select a member' });
    await modal.getByRole('button', { name: 'Save Payment' }).click();
    // Each field says what it needs, and focus goes to the first (issue #13 point 2).
    await modal.getByText('Please select a member.').waitFor();
    await modal.getByText('Please enter a valid positive amount.').waitFor();
    expect(await modal.getByLabel('Member').getAttribute('aria-invalid')).toBe('true');
    expect(await modal.getByLabel('Member').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await modal.getByLabel('Member').selectOption({ label: 'Bea Costa' });
    await modal.getByText('Please select a member.').waitFor({ state: 'detached' });
    for (const wrong of ['-5', '0.001', '10.5555']) {
      await modal.getByLabel(/^Amount/).fill(wrong);
      await modal.getByRole('button', { name: 'Save Payment' }).click();
      await modal.getByText('Please enter a valid positive amount.').waitFor();
      expect(await modal.getByLabel(/^Amount/).getAttribute('aria-invalid')).toBe('true');
    }
    await modal.getByLabel(/^Amount/).fill('20');
    await modal.getByRole('button', { name: 'Save Payment' }).click();
    await seeText(page, 'Payment added!');
    await modal.waitFor({ state: 'detached' });

    const activity = page.getByRole('region', { name: 'Group Activity' });
    await activity.getByText('You paid Bea Costa').waitFor();
    await page.getByText('you owe Bea Costa $10.00').waitFor();

    // Bea sees the same payment from her side.
    const b = await openAs(browser, server, bea, `/app/group/${group.id}`);
    await b.page
      .getByRole('region', { name: 'Group Activity' })
      .getByText('Ann Lee paid you')
      .waitFor();
    expect(await balanceLines(b.page)).toEqual([
      'C Carl Diaz owes you $30.00',
      'A Ann Lee owes you $10.00',
    ]);

    await activity.getByRole('button', { name: 'Edit payment: Ann Lee paid Bea Costa' }).click();
    modal = dialog(page, 'Edit payment');
    expect(await modal.getByLabel(/^Amount/).inputValue()).toBe('20.00');
    expect(await modal.getByLabel('Member').inputValue()).toBe(String(bea.id));
    expect(
      await modal.getByRole('button', { name: 'I paid Bea Costa' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await modal.getByLabel(/^Amount/).fill('30');
    await modal.getByRole('button', { name: 'Update Payment' }).click();
    await seeText(page, 'Payment updated!');
    // Ann is settled, but Carl still owes Bea: not "everyone" (issue #31 point 4).
    await seeText(page, 'You are settled up in this group.');
    await activity.getByText('$30.00').first().waitFor();
    // Bea's page follows without a reload (Carl's line was there before: wait for Ann's to go).
    await b.page.getByText('Ann Lee owes you $10.00').waitFor({ state: 'detached' });
    expect(await balanceLines(b.page)).toEqual(['C Carl Diaz owes you $30.00']);

    await activity.getByRole('button', { name: 'Delete payment: Ann Lee paid Bea Costa' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete payment' });
    await confirm.getByText('Delete the payment from Ann Lee to Bea Costa?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeText(page, 'Payment deleted');
    await activity.getByText('You paid Bea Costa').waitFor({ state: 'detached' });
    await page.getByText('you owe Bea Costa $30.00').waitFor();
    await b.context.close();
    await context.close();
  });

  it('simplifies debts on request and records a suggested payment', async () => {
    const [ann, bea, carl] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
      createUser(server, 'Carl Diaz'),
    ]);
    await befriend(server, ann, bea);
    await befriend(server, ann, carl);
    const group = await createGroup(server, ann, 'Climbing club', [bea, carl]);
    // Bea owes Ann 10 and Carl owes Bea 10: simplified, Carl pays Ann 10 and Bea is out.
    await addEqualExpense(server, ann, group.id, 'Ropes', 20, [ann, bea]);
    await addEqualExpense(server, bea, group.id, 'Chalk', 20, [bea, carl]);

    const a = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await a.page.getByText('Bea Costa owes you $10.00').waitFor();
    expect(await a.page.getByRole('heading', { name: 'Suggested payments' }).count()).toBe(0);

    const { page, context } = await openAs(browser, server, carl, `/app/group/${group.id}`);
    await page.getByText('you owe Bea Costa $10.00').waitFor();
    // The switch is in Group settings; the suggestions show on the group page.
    await page.getByRole('link', { name: 'Group settings' }).click();
    const simplify = page.getByRole('switch', { name: /Simplify debts/ });
    expect(await simplify.isChecked()).toBe(false);
    await page.getByText('Simplify debts', { exact: true }).click();
    await page.getByRole('switch', { name: /Simplify debts/, checked: true }).waitFor();
    expect(await simplify.isChecked()).toBe(true);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Suggested payments' }).waitFor();
    const suggestions = page
      .getByRole('region', { name: 'Group Balances' })
      .getByRole('list')
      .last();
    await suggestions.getByText('You pay Ann Lee $10.00').waitFor();
    expect(await balanceLines(page)).toContain('A you owe Ann Lee $10.00');
    expect(await page.getByText('you owe Bea Costa').count()).toBe(0);

    // Ann's open page switches to the simplified lines too.
    await a.page.getByText('Carl Diaz owes you $10.00').waitFor();
    await a.page.getByText('Carl Diaz pays you $10.00').waitFor();
    // Ann may record it too ("Carl paid me"); nobody records a transfer between two others.
    expect(await a.page.getByRole('button', { name: 'Record: Carl Diaz paid you' }).count()).toBe(
      1,
    );

    await suggestions.getByRole('button', { name: 'Record: you paid Ann Lee' }).click();
    const modal = dialog(page, 'Record a payment');
    expect(await modal.getByLabel('Member').inputValue()).toBe(String(ann.id));
    expect(
      await modal.getByRole('button', { name: 'I paid Ann Lee' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await modal.getByLabel(/^Amount/).inputValue()).toBe('10.00');
    await modal.getByRole('button', { name: 'Save Payment' }).click();
    await seeText(page, 'Payment added!');
    await seeText(page, 'Everyone is settled up within this group.');
    await seeText(page, 'No payments needed: everyone is settled up.');
    await a.page.getByText('Everyone is settled up within this group.').waitFor();

    await page.getByRole('link', { name: 'Group settings' }).click();
    await page.getByText('Simplify debts', { exact: true }).click();
    await page.getByRole('switch', { name: /Simplify debts/, checked: false }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Suggested payments' }).waitFor({ state: 'detached' });
    const stored = await apiCall<{ simplifyDebts: boolean }>(server, 'GET', `/groups/${group.id}`, {
      token: ann.token,
    });
    expect(stored.simplifyDebts).toBe(false);
    await a.context.close();
    await context.close();
  });
});
