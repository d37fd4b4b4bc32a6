// Expenses against the real server, after they are added: detail, edit, delete, notes,
// receipts (a stored file, a scanned one), comments, the add-expense picker and the full-page
// form, and expenses outside groups. Split types and the form's validation: expenses.e2e.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createUser,
  dialog,
  type GroupInfo,
  openAs,
  seeText,
  startAppServer,
  type TestUser,
} from './support/app';
import { launchBrowser } from './support/browser';
import {
  balanceLines,
  chooseSplit,
  openDetail,
  startExpense,
  submit,
} from './support/expense-steps';
import * as steps from './support/expense-steps';
import { receiptPdf } from '../packages/receipts/src/testing/receipt-pdf';
import { type RunningServer, WEB_DIST } from './support/server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const trio = () => steps.trio(server);
const openGroup = (user: TestUser, group: GroupInfo) =>
  steps.openGroup(browser, server, user, group);

describe('expense detail', () => {
  it('edits an expense, keeping its split values', async () => {
    const { ann, bea, carl, group } = await trio();
    await apiCall(server, 'POST', '/expenses', {
      token: ann.token,
      body: {
        description: 'Dinner',
        amount: 60,
        groupId: group.id,
        splitType: 'SHARE',
        payers: [{ userId: ann.id, amountPaid: 60 }],
        splits: [
          { userId: ann.id, value: 1 },
          { userId: bea.id, value: 2 },
          { userId: carl.id, value: 3 },
        ],
      },
    });
    const { page, context } = await openGroup(ann, group);
    const detail = await openDetail(page, 'Dinner');
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = dialog(page, 'Edit Expense');
    expect(await form.getByLabel('Description').inputValue()).toBe('Dinner');
    expect(await form.getByLabel(/^Amount/).inputValue()).toBe('60.00');
    await form.getByText('Shares · 3 people').waitFor();
    const split = await chooseSplit(page, form, 'Shares');
    expect(await split.getByLabel('Shares for Bea Costa').inputValue()).toBe('2');
    expect(await split.getByLabel('Shares for Carl Diaz').inputValue()).toBe('3');
    await split.getByLabel('Shares for Carl Diaz').fill('1');
    await split.getByRole('button', { name: 'Done' }).click();
    await form.getByLabel('Description').fill('Dinner at Rossio');
    await form.getByLabel(/^Amount/).fill('80');
    await submit(form, 'Update Expense');
    await seeText(page, 'Expense updated!');
    await form.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /Dinner at Rossio/ })
      .getByText('you lent $60.00')
      .waitFor();
    await expect
      .poll(() => balanceLines(page))
      .toEqual(['B Bea Costa owes you $40.00', 'C Carl Diaz owes you $20.00']);
    await context.close();
  });

  it('deletes an expense after confirmation', async () => {
    const { ann, bea, group } = await trio();
    await addEqualExpense(server, bea, group.id, 'Tram tickets', 9, [ann, bea]);
    const { page, context } = await openGroup(ann, group);
    await page.getByText('you owe Bea Costa $4.50').waitFor();
    const detail = await openDetail(page, 'Tram tickets');
    await detail.getByText('Bea Costa ($9.00)').waitFor();
    await detail.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete expense' });
    await confirm.getByText('Delete "Tram tickets"? You can undo it for a few seconds.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeText(page, 'Expense deleted');
    await seeText(page, 'No expenses or payments yet.');
    await seeText(page, 'Everyone is settled up within this group.');
    await context.close();
  });

  it('keeps notes with the expense and shows them in the detail', async () => {
    const { ann, group } = await trio();
    const { page, context } = await openGroup(ann, group);
    const form = await startExpense(page, 'Market', '42.50');
    await form.getByLabel('Notes (optional)').fill('Cheese: 12.50\nBread: 30.00');
    await submit(form);
    await seeText(page, 'Expense added!');
    const row = page.getByRole('region', { name: 'Group Activity' }).getByRole('button', {
      name: /Market/,
    });
    await row.getByText('(has notes)').waitFor();
    const detail = await openDetail(page, 'Market');
    await detail.getByRole('heading', { name: 'Notes' }).waitFor();
    await detail.getByText('Cheese: 12.50').waitFor();
    expect(await detail.getByText('Bread: 30.00').count()).toBe(1);
    await context.close();
  });

  it('marks an expense with a receipt and links to the stored file', async () => {
    const { ann, bea, group } = await trio();
    const body = new FormData();
    body.append(
      'expenseData',
      JSON.stringify({
        description: 'Pharmacy',
        amount: 12,
        groupId: group.id,
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: 12 }],
        splits: [
          { userId: ann.id, value: null },
          { userId: bea.id, value: null },
        ],
      }),
    );
    const png = readFileSync(join(WEB_DIST, 'pwa-192.png'));
    body.append('receiptFile', new Blob([png], { type: 'image/png' }), 'receipt.png');
    const created = await fetch(`${server.baseUrl}/api/expenses`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ann.token}` },
      body,
    });
    expect(created.status).toBe(201);

    const { page, context } = await openGroup(ann, group);
    const row = page.getByRole('region', { name: 'Group Activity' }).getByRole('button', {
      name: /Pharmacy/,
    });
    await row.getByText('(has receipt)').waitFor();
    const detail = await openDetail(page, 'Pharmacy');
    const link = detail.getByRole('link', { name: 'View receipt' });
    expect(await link.getAttribute('target')).toBe('_blank');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith(`${server.baseUrl}/api/receipts/files/`)).toBe(true);
    const file = await fetch(href);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    // Editing offers the current receipt, and removing it.
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = dialog(page, 'Edit Expense');
    await form.getByRole('link', { name: 'View current receipt' }).waitFor();
    await form.getByRole('button', { name: 'Remove receipt' }).click();
    expect(await form.getByRole('link', { name: 'View current receipt' }).count()).toBe(0);
    await submit(form, 'Update Expense');
    await seeText(page, 'Expense updated!');
    await row.getByText('(has receipt)').waitFor({ state: 'detached' });
    expect((await fetch(href)).status).toBe(404);
    await context.close();
  });

  it('fills the form from a scanned receipt and keeps the file with the expense', async () => {
    const { ann, group } = await trio();
    const { page, context } = await openGroup(ann, group);
    const form = await startExpense(page, '', '10');
    await form.getByLabel('Receipt (optional)').setInputFiles({
      name: 'note.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just text, not an image'),
    });
    await form
      .getByText('Scan Error: Please upload an image or PDF receipt.', { exact: true })
      .waitFor();
    // A refused file is not kept for saving.
    await form.getByText('Choose an image or PDF to scan').waitFor();

    await form.getByLabel('Receipt (optional)').setInputFiles({
      name: 'grocery.pdf',
      mimeType: 'application/pdf',
      buffer: receiptPdf([
        'CORNER GROCERY',
        'Date: 03/14/2025',
        'Milk 1L        3.20',
        'Bread          18.40',
        'Sales tax      1.80',
        'Total $23.40',
      ]),
    });
    await form.getByText('Receipt scanned. Please verify payer and split details.').waitFor();
    // The shop's name as people write it (issue #15), not the receipt's capitals.
    expect(await form.getByLabel('Description').inputValue()).toBe('Corner Grocery');
    expect(await form.getByLabel(/^Amount/).inputValue()).toBe('23.40');
    expect(await form.getByLabel('Date').inputValue()).toBe('2025-03-14');
    expect(await form.getByLabel('Notes (optional)').inputValue()).toContain('Milk 1L: 3.20');
    await form.getByText('grocery.pdf').waitFor();
    await form.getByText('Equally · 3 people').waitFor();
    await submit(form);
    await seeText(page, 'Expense added!');
    const row = page.getByRole('region', { name: 'Group Activity' }).getByRole('button', {
      name: /Corner Grocery/,
    });
    await row.getByText('(has receipt)').waitFor();
    await row.getByText('you lent $15.60').waitFor();
    await context.close();
  });

  it('lists, adds and deletes comments; only the author may delete', async () => {
    const { ann, bea, group } = await trio();
    const expense = await addEqualExpense(server, ann, group.id, 'Picnic', 20, [ann, bea]);
    await apiCall(server, 'POST', `/expenses/${expense.id}/comments`, {
      body: { content: 'Thanks for organising!' },
      token: bea.token,
    });
    const { page, context } = await openGroup(ann, group);
    const detail = await openDetail(page, 'Picnic');
    const comments = detail.getByRole('region', { name: 'Comments' });
    await comments.getByText('Thanks for organising!').waitFor();
    await comments.getByText('Bea Costa', { exact: true }).waitFor();
    expect(await comments.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);

    const post = comments.getByRole('button', { name: 'Post' });
    expect(await post.isDisabled()).toBe(true);
    await comments.getByLabel('Add a comment').fill('   ');
    expect(await post.isDisabled()).toBe(true);
    await comments.getByLabel('Add a comment').fill('  Next time I bring the wine.  ');
    await post.click();
    await seeText(page, 'Comment added!');
    await comments.getByText('Next time I bring the wine.').waitFor();
    expect(await comments.getByLabel('Add a comment').inputValue()).toBe('');
    expect(await comments.getByRole('listitem').count()).toBe(2);
    expect(await comments.getByRole('button', { name: 'Delete comment' }).count()).toBe(1);

    await comments.getByRole('button', { name: 'Delete comment' }).click();
    await seeText(page, 'Comment deleted');
    await comments.getByText('Next time I bring the wine.').waitFor({ state: 'detached' });
    await comments.getByText('Thanks for organising!').waitFor();
    const stored = await apiCall<{ content: string }[]>(
      server,
      'GET',
      `/expenses/${expense.id}/comments`,
      { token: bea.token },
    );
    expect(stored.map((c) => c.content)).toEqual(['Thanks for organising!']);
    await context.close();
  });
});

describe('add-expense picker and the full-page form', () => {
  it('adds a non-group expense with a friend and a group expense from the picker', async () => {
    const { ann, group } = await trio();
    const { page, context } = await openAs(browser, server, ann, '/app/friends');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Add Expense' })
      .click();
    await page.waitForURL('**/app/add-expense');
    const search = page.getByLabel('With whom?');
    await page.getByRole('button', { name: /Lisbon trip/ }).waitFor();
    await search.fill('costa');
    await seeText(page, 'No groups found.');
    expect(await page.getByRole('main').getByRole('button').count()).toBe(1);
    await page.getByRole('button', { name: /Bea Costa/ }).click();

    await page.waitForURL('**/app/expense/new');
    await page.getByRole('heading', { name: 'Add New Expense', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'With' }).getByText('Bea Costa').waitFor();
    await seeText(page, 'Group: No group');
    await page.getByLabel('Description').fill('Taxi to the airport');
    await page.getByLabel(/^Amount/).fill('35');
    await page.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await seeText(page, 'Expense added!');
    await page.waitForURL('**/app/friends');
    await page
      .getByRole('region', { name: 'Your friends' })
      .getByText('Outside groups: owes you $17.50')
      .waitFor();

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Add Expense' })
      .click();
    await page.getByLabel('With whom?').fill('lisbon');
    await seeText(page, 'No friends found.');
    await page.getByRole('button', { name: /Lisbon trip/ }).click();
    await page.waitForURL('**/app/expense/new');
    await seeText(page, 'Group: Lisbon trip');
    await page.getByLabel('Description').fill('Sardines');
    await page.getByLabel(/^Amount/).fill('30');
    await page.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await seeText(page, 'Expense added!');
    await page.waitForURL(`**/app/group/${group.id}`);
    await page
      .getByRole('button', { name: /Sardines/ })
      .getByText('you lent $20.00')
      .waitFor();
    await context.close();
  });

  it('lists expenses outside groups on the friends page to open, comment, edit and delete', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    await addEqualExpense(server, bea, null, 'Concert tickets', 80, [ann, bea]);
    const { page, context } = await openAs(browser, server, ann, '/app/friends');
    const section = page.getByRole('region', { name: 'Expenses outside groups' });
    const row = section.getByRole('button', { name: /Concert tickets/ });
    await row.getByText('you borrowed $40.00').waitFor();
    await row.click();
    const detail = dialog(page, 'Concert tickets');
    await detail.getByText('Bea Costa ($80.00)').waitFor();
    const comments = detail.getByRole('region', { name: 'Comments' });
    await comments.getByLabel('Add a comment').fill('Front row!');
    await comments.getByRole('button', { name: 'Post' }).click();
    await seeText(page, 'Comment added!');
    await comments.getByText('Front row!').waitFor();

    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = dialog(page, 'Edit Expense');
    await form.getByText('Group: No group').waitFor();
    await form.getByLabel(/^Amount/).fill('100');
    await submit(form, 'Update Expense');
    await seeText(page, 'Expense updated!');
    await row.getByText('you borrowed $50.00').waitFor();
    await seeText(page, 'Overall, you owe $50.00');

    await row.click();
    await dialog(page, 'Concert tickets')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete expense' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await seeText(page, 'Expense deleted');
    await section.getByText('No expenses outside groups yet.').waitFor();
    await seeText(page, 'You are all settled up!');
    await context.close();
  });

  it('asks to choose a target when /app/expense/new is opened directly', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/expense/new');
    await seeText(page, 'Choose a friend or group to add an expense with.');
    await page.getByRole('link', { name: 'Choose' }).click();
    await page.waitForURL('**/app/add-expense');
    await context.close();
  });
});
