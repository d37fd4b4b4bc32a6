// Expenses against the real server: every split type, two payers, every validation message of
// the expense form (spec §5), edit, delete, notes, comments, and expenses outside groups.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  type GroupInfo,
  openAs,
  seeText,
  startAppServer,
  type TestUser,
} from './support/app';
import { launchBrowser } from './support/browser';
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

interface Trio {
  ann: TestUser;
  bea: TestUser;
  carl: TestUser;
  group: GroupInfo;
}

/** Ann, Bea and Carl, friends of Ann, in Ann's group "Lisbon trip". */
async function trio(): Promise<Trio> {
  const [ann, bea, carl] = await Promise.all([
    createUser(server, 'Ann Lee'),
    createUser(server, 'Bea Costa'),
    createUser(server, 'Carl Diaz'),
  ]);
  await befriend(server, ann, bea);
  await befriend(server, ann, carl);
  const group = await createGroup(server, ann, 'Lisbon trip', [bea, carl]);
  return { ann, bea, carl, group };
}

async function openGroup(user: TestUser, group: GroupInfo) {
  const opened = await openAs(browser, server, user, `/app/group/${group.id}`);
  await opened.page.getByRole('heading', { name: group.name, level: 1 }).waitFor();
  await opened.page.getByRole('region', { name: 'Group Activity' }).waitFor();
  return opened;
}

/** Opens the add-expense modal of the group page and fills description and amount. */
async function startExpense(page: Page, description: string, amount: string): Promise<Locator> {
  await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await form.getByLabel('Description').fill(description);
  await form.getByLabel(/^Amount/).fill(amount);
  return form;
}

/** Opens the split dialog, picks a split type and types the given values. */
async function chooseSplit(
  page: Page,
  form: Locator,
  type: 'Equally' | 'Exact amounts' | 'Percentages' | 'Shares',
  values: Record<string, string> = {},
): Promise<Locator> {
  await form.getByRole('button', { name: /Change$/ }).click();
  const split = dialog(page, 'Split options');
  await split.getByRole('radio', { name: type }).click();
  for (const [name, value] of Object.entries(values)) {
    await split.getByLabel(`${type} for ${name}`).fill(value);
  }
  return split;
}

async function submit(form: Locator, label = 'Add Expense') {
  await form.getByRole('button', { name: label, exact: true }).click();
}

async function balanceLines(page: Page): Promise<string[]> {
  const region = page.getByRole('region', { name: 'Group Balances' });
  // Each line's words, without its "Remind" button (e2e/notification-settings tests that).
  return (await region.getByRole('listitem').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').replace(/( Remind)?( Settle)?$/, ''),
  );
}

/** Opens an expense's detail modal from the group activity list. */
async function openDetail(page: Page, description: string): Promise<Locator> {
  await page
    .getByRole('region', { name: 'Group Activity' })
    .getByRole('button', { name: new RegExp(description) })
    .click();
  const detail = dialog(page, description);
  await detail.getByRole('heading', { name: 'Who owes what' }).waitFor();
  return detail;
}

/** Each person's line: paid, share and what the expense means for them (payers net). */
async function owedDetails(detail: Locator): Promise<string[]> {
  const list = detail.getByRole('list').first();
  return (await list.getByRole('listitem').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );
}

describe('split types', () => {
  it('adds an equal split, the leftover cents to the first people (largest remainder)', async () => {
    const { ann, group } = await trio();
    const { page, context } = await openGroup(ann, group);
    const form = await startExpense(page, 'Groceries', '100.01');
    // Defaults: today, equal split of every member, Ann the sole payer, the group named.
    await form.getByText('Equally · 3 people').waitFor();
    // The split button's name says what it is (issue #13 point 8).
    await form
      .getByRole('button', { name: 'Split: Equally · 3 people Change', exact: true })
      .waitFor();
    expect(await form.getByLabel('Payer 1', { exact: true }).inputValue()).toBe(String(ann.id));
    await form.getByText('Group: Lisbon trip').waitFor();
    // The preview computes the parts with the server's own function (docs/api.md §5.1).
    const preview = await form.getByRole('listitem').allInnerTexts();
    expect(preview).toContain('Bea Costa: $33.34');
    expect(preview).toContain('Carl Diaz: $33.33');
    await submit(form);
    await seeText(page, 'Expense added!');
    await form.waitFor({ state: 'detached' });

    const row = page.getByRole('region', { name: 'Group Activity' }).getByRole('button', {
      name: /Groceries/,
    });
    await row.getByText('you paid $100.01').waitFor();
    await row.getByText('you lent $66.67').waitFor();
    await page.getByText('Bea Costa owes you $33.34').waitFor();
    // 100.01 / 3 = 33.336…: two leftover cents, one each to the first two (docs/api.md §5.1).
    await expect
      .poll(() => balanceLines(page))
      .toEqual(['B Bea Costa owes you $33.34', 'C Carl Diaz owes you $33.33']);

    const detail = await openDetail(page, 'Groceries');
    await detail.getByText('$100.01', { exact: true }).waitFor();
    await detail.getByText('You ($100.01)').waitFor();
    await detail.getByText('Equally', { exact: true }).waitFor();
    expect(await owedDetails(detail)).toEqual([
      'You paid $100.01 · share $33.34 get back $66.67',
      'Bea Costa share $33.34 owes $33.34',
      'Carl Diaz share $33.33 owes $33.33',
    ]);
    await detail.getByRole('button', { name: 'Close', exact: true }).last().click();
    await detail.waitFor({ state: 'detached' });
    await context.close();
  });

  it('adds exact, percentage and share splits, leaving one person out', async () => {
    const { ann, bea, group } = await trio();
    const { page, context } = await openGroup(ann, group);

    let form = await startExpense(page, 'Museum', '50');
    let split = await chooseSplit(page, form, 'Exact amounts', {
      'Ann Lee': '10',
      'Bea Costa': '15',
      'Carl Diaz': '25',
    });
    await split.getByText('$0.00 left of $50.00').waitFor();
    await split.getByRole('button', { name: 'Done' }).click();
    await form.getByText('Exact amounts · 3 people').waitFor();
    await submit(form);
    await seeText(page, 'Expense added!');
    let detail = await openDetail(page, 'Museum');
    await detail.getByText('Exact amounts', { exact: true }).waitFor();
    expect(await owedDetails(detail)).toEqual([
      'You paid $50.00 · share $10.00 get back $40.00',
      'Bea Costa share $15.00 owes $15.00',
      'Carl Diaz share $25.00 owes $25.00',
    ]);
    await detail.getByRole('button', { name: 'Close', exact: true }).last().click();

    form = await startExpense(page, 'Boat tour', '200');
    split = await chooseSplit(page, form, 'Percentages', {
      'Ann Lee': '50',
      'Bea Costa': '30',
      'Carl Diaz': '20',
    });
    await split.getByText('0% left of 100%').waitFor();
    await split.getByRole('button', { name: 'Done' }).click();
    await submit(form);
    await seeText(page, 'Expense added!');
    detail = await openDetail(page, 'Boat tour');
    await detail.getByText('Percentages', { exact: true }).waitFor();
    expect(await owedDetails(detail)).toEqual([
      'You paid $200.00 · share $100.00 get back $100.00',
      'Bea Costa share $60.00 owes $60.00',
      'Carl Diaz share $40.00 owes $40.00',
    ]);
    await detail.getByRole('button', { name: 'Close', exact: true }).last().click();

    form = await startExpense(page, 'Wine', '90');
    split = await chooseSplit(page, form, 'Shares');
    // A new non-equal split starts everyone empty (counted as 0; issue #31 point 5).
    expect(await split.getByLabel('Shares for Bea Costa').inputValue()).toBe('');
    expect(await split.getByLabel('Shares for Bea Costa').getAttribute('placeholder')).toBe('0');
    await split.getByRole('checkbox', { name: 'Include Carl Diaz' }).uncheck();
    await split.getByText('Not included').waitFor();
    expect(await split.getByLabel('Shares for Carl Diaz').count()).toBe(0);
    await split.getByLabel('Shares for Ann Lee').fill('1');
    await split.getByLabel('Shares for Bea Costa').fill('2');
    await split.getByText('3 shares in total').waitFor();
    await split.getByText('$60.00').waitFor();
    await split.getByRole('button', { name: 'Done' }).click();
    await form.getByText('Shares · 2 people').waitFor();
    await submit(form);
    await seeText(page, 'Expense added!');
    detail = await openDetail(page, 'Wine');
    await detail.getByText('Shares', { exact: true }).waitFor();
    expect(await owedDetails(detail)).toEqual([
      'You paid $90.00 · share $30.00 get back $60.00',
      'Bea Costa share $60.00 owes $60.00',
    ]);
    await detail.getByRole('button', { name: 'Close', exact: true }).last().click();

    // Ann paid 50 + 200 + 90 and owes 10 + 100 + 30; Bea owes 15 + 60 + 60, Carl 25 + 40.
    await expect
      .poll(() => balanceLines(page))
      .toEqual(['B Bea Costa owes you $135.00', 'C Carl Diaz owes you $65.00']);
    const expense = await apiCall<{ splits: { value: number }[] }[]>(
      server,
      'GET',
      `/groups/${group.id}/transactions`,
      { token: bea.token },
    );
    expect(expense[0]?.splits.map((s) => s.value)).toEqual([1, 2]);
    await context.close();
  });

  it('records an expense with two payers', async () => {
    const { ann, group } = await trio();
    const { page, context } = await openGroup(ann, group);
    const form = await startExpense(page, 'Hotel', '100');
    await form.getByRole('button', { name: 'Add another payer' }).click();
    // The first payer keeps the whole amount until edited; the new one starts at 0.
    expect(await form.getByLabel('Amount paid by payer 1').inputValue()).toBe('100');
    expect(await form.getByLabel('Amount paid by payer 2').inputValue()).toBe('0');
    await form.getByLabel('Payer 2', { exact: true }).selectOption({ label: 'Bea Costa' });
    await form.getByLabel('Amount paid by payer 1').fill('60');
    await form.getByLabel('Amount paid by payer 2').fill('40');
    await submit(form);
    await seeText(page, 'Expense added!');

    const row = page.getByRole('region', { name: 'Group Activity' }).getByRole('button', {
      name: /Hotel/,
    });
    await row.getByText('you paid $60.00 (with Bea Costa)').waitFor();
    await row.getByText('you lent $26.66').waitFor();
    // Each share is owed to the payers in proportion to what they paid (docs/api.md §5.2).
    await expect
      .poll(() => balanceLines(page))
      .toEqual(['C Carl Diaz owes you $20.00', 'B Bea Costa owes you $6.66']);
    const detail = await openDetail(page, 'Hotel');
    await detail.getByText('You ($60.00), Bea Costa ($40.00)').waitFor();
    await context.close();
  });
});

describe('keyboard use', () => {
  it('adds an expense with the keyboard alone; Escape closes the top dialog only', async () => {
    const { ann, group } = await trio();
    const { page, context } = await openGroup(ann, group);
    const opener = page.getByRole('main').getByRole('button', { name: 'Add Expense' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const form = dialog(page, 'Add New Expense');
    await form.waitFor();
    // Focus moved into the dialog and Tab keeps it there.
    const focusInside = () =>
      page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect(await focusInside()).toBe(true);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }

    await form.getByLabel('Description').focus();
    await page.keyboard.type('Coffee');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12');
    await form.getByRole('button', { name: /Change$/ }).focus();
    await page.keyboard.press('Enter');
    const split = dialog(page, 'Split options');
    await split.waitFor();
    // The split types form one radio group: a single tab stop, arrows move and select.
    await split.getByRole('radio', { name: 'Equally' }).focus();
    expect(await split.getByRole('radio', { name: 'Shares' }).getAttribute('tabindex')).toBe('-1');
    await page.keyboard.press('ArrowLeft');
    expect(await split.getByRole('radio', { name: 'Shares' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Shares');
    await split.getByRole('checkbox', { name: 'Include Carl Diaz' }).focus();
    await page.keyboard.press('Space');
    await split.getByLabel('Shares for Ann Lee').focus();
    await page.keyboard.type('1');
    await split.getByLabel('Shares for Bea Costa').focus();
    await page.keyboard.type('2');
    await page.keyboard.press('Escape');
    await split.waitFor({ state: 'detached' });
    // The expense form is still open, with the split kept.
    await form.getByText('Shares · 2 people').waitFor();
    await form.getByRole('button', { name: 'Add Expense', exact: true }).focus();
    await page.keyboard.press('Enter');
    await seeText(page, 'Expense added!');
    await form.waitFor({ state: 'detached' });
    await page.getByText('Bea Costa owes you $8.00').waitFor();

    // Escape closes a dialog and gives focus back to the button that opened it.
    await opener.focus();
    await page.keyboard.press('Enter');
    await form.waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toContain(
      'Add Expense',
    );
    await context.close();
  });
});

describe('expense form validation', () => {
  it('marks each field with its spec §5 message, focuses the first and saves nothing until the form is right', async () => {
    const { ann, group } = await trio();
    const { page, context } = await openGroup(ann, group);
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    const description = form.getByLabel('Description');
    const amount = form.getByLabel(/^Amount/);
    const payer1 = form.getByLabel('Payer 1', { exact: true });
    const splitButton = form.getByRole('button', { name: /^Split:/ });

    // An empty submit marks every field that needs something, each with its own message, and
    // moves focus to the first (issue #13 point 2); nothing is announced as one banner.
    await submit(form);
    await expectFieldError(description, 'Please enter a description.');
    await expectFieldError(amount, 'Please enter a valid positive amount.');
    expect(await isFocused(description)).toBe(true);
    expect(await form.getByRole('alert').count()).toBe(0);
    // After a first submit each change re-checks: the fixed field is no longer marked.
    await description.fill('Taxi');
    await expectFieldError(description, null);
    await submit(form);
    await expectFieldError(amount, 'Please enter a valid positive amount.');
    expect(await isFocused(amount)).toBe(true);
    await amount.fill('0');
    await submit(form);
    await expectFieldError(amount, 'Please enter a valid positive amount.');
    await amount.fill('10.5555');
    await submit(form);
    await expectFieldError(amount, 'Please enter a valid positive amount.');
    // Three digits after one separator may be thousands: the form asks (issue #31 point 7).
    await amount.fill('10.555');
    await submit(form);
    await expectFieldError(
      amount,
      'Did you mean 10.555 or 10,555? Please type it without thousands separators, e.g. 10555 or 10555.50.',
    );
    await amount.fill('30');
    await description.fill('   ');
    await submit(form);
    await expectFieldError(description, 'Please enter a description.');
    await expectFieldError(amount, null);
    await description.fill('Taxi');

    // Payers.
    await payer1.selectOption({ label: 'Select a person' });
    await submit(form);
    await expectFieldError(payer1, 'Please select a valid user for each payer.');
    expect(await isFocused(payer1)).toBe(true);
    await payer1.selectOption({ label: 'Ann Lee (You)' });
    await form.getByRole('button', { name: 'Add another payer' }).click();
    await form.getByLabel('Payer 2', { exact: true }).selectOption({ label: 'Ann Lee (You)' });
    await submit(form);
    await expectFieldError(payer1, 'Each person can appear only once among the payers.');
    await form.getByLabel('Payer 2', { exact: true }).selectOption({ label: 'Bea Costa' });
    await form.getByLabel('Amount paid by payer 1').fill('10');
    await form.getByLabel('Amount paid by payer 2').fill('10');
    await submit(form);
    await expectFieldError(
      payer1,
      'Total amount paid (20.00) must equal the expense amount (30.00).',
    );
    await form.getByRole('button', { name: 'Remove payer 2' }).click();
    // Back to one payer: that payer paid the whole amount again.
    expect(await form.getByLabel('Amount paid by payer 1').count()).toBe(0);
    await expectFieldError(payer1, null);
    await form.getByRole('button', { name: 'Remove payer 1' }).click();
    await form.getByText('At least one payer is required.').waitFor();
    expect(await form.getByRole('button', { name: 'Add Expense', exact: true }).isDisabled()).toBe(
      true,
    );
    await form.getByRole('button', { name: 'Add a payer' }).click();
    expect(await payer1.inputValue()).toBe(String(ann.id));
    expect(await form.getByRole('button', { name: 'Add Expense', exact: true }).isEnabled()).toBe(
      true,
    );

    // Split people: the last one cannot be taken out.
    let split = await chooseSplit(page, form, 'Equally');
    await split.getByRole('checkbox', { name: 'Include Bea Costa' }).uncheck();
    await split.getByRole('checkbox', { name: 'Include Carl Diaz' }).uncheck();
    await split.getByRole('checkbox', { name: 'Include Ann Lee' }).click();
    await split
      .getByRole('alert')
      .getByText('Please select at least one person to split the expense with.')
      .waitFor();
    expect(await split.getByRole('checkbox', { name: 'Include Ann Lee' }).isChecked()).toBe(true);
    await split.getByRole('checkbox', { name: 'Include Bea Costa' }).check();
    await split.getByRole('checkbox', { name: 'Include Carl Diaz' }).check();
    expect(await split.getByRole('alert').count()).toBe(0);

    // Exact amounts: an unreadable value (an empty one counts as 0), then a wrong sum (warned in
    // the dialog, refused on save).
    await split.getByRole('radio', { name: 'Exact amounts' }).click();
    await split.getByLabel('Exact amounts for Ann Lee').fill('10');
    await split.getByLabel('Exact amounts for Bea Costa').fill('.');
    await split
      .getByText('Please enter a valid exact value for each included participant.')
      .waitFor();
    await split.getByRole('button', { name: 'Done' }).click();
    await submit(form);
    await expectFieldError(splitButton, 'Please enter a valid exact value for each person.');
    expect(await isFocused(splitButton)).toBe(true);
    split = await chooseSplit(page, form, 'Exact amounts', {
      'Ann Lee': '10',
      'Bea Costa': '10',
      'Carl Diaz': '5',
    });
    await split
      .getByText('Sum of exact amounts (25.00) must equal the total expense amount (30.00).')
      .waitFor();
    await split.getByText('$5.00 left of $30.00').waitFor();
    await split.getByRole('button', { name: 'Done' }).click();
    await submit(form);
    await expectFieldError(
      splitButton,
      'Sum of exact split amounts (25.00) must equal the expense amount (30.00).',
    );

    // Percentages.
    split = await chooseSplit(page, form, 'Percentages', { 'Ann Lee': '50', 'Bea Costa': '30' });
    await split.getByLabel('Percentages for Carl Diaz').fill('.');
    await split
      .getByText('Please enter a valid percentage value for each included participant.')
      .waitFor();
    await split.getByRole('button', { name: 'Done' }).click();
    await submit(form);
    await expectFieldError(splitButton, 'Please enter a valid percentage value for each person.');
    split = await chooseSplit(page, form, 'Percentages', {
      'Ann Lee': '50',
      'Bea Costa': '30',
      'Carl Diaz': '10',
    });
    await split.getByText('10% left of 100%').waitFor();
    await split.getByRole('button', { name: 'Done' }).click();
    await submit(form);
    await expectFieldError(splitButton, 'Percentages must add up to 100.');

    // Shares: all empty (so all zero), then a fraction.
    split = await chooseSplit(page, form, 'Shares');
    await split.getByRole('button', { name: 'Done' }).click();
    await submit(form);
    await expectFieldError(
      splitButton,
      'At least one person must have a positive number of shares.',
    );
    split = await chooseSplit(page, form, 'Shares', { 'Ann Lee': '1.5', 'Bea Costa': '1' });
    await split.getByRole('button', { name: 'Done' }).click();
    await submit(form);
    await expectFieldError(splitButton, 'Please enter a valid share value for each person.');
    // Split inputs keep only digits and one decimal point.
    split = await chooseSplit(page, form, 'Shares');
    await split.getByLabel('Shares for Ann Lee').fill('2a.5.1');
    expect(await split.getByLabel('Shares for Ann Lee').inputValue()).toBe('2.51');
    await split.getByLabel('Shares for Ann Lee').fill('2');
    await split.getByLabel('Shares for Bea Costa').fill('1');
    await split.getByRole('button', { name: 'Done' }).click();
    await expectFieldError(splitButton, null);

    // Nothing reached the server so far.
    expect(
      await apiCall<unknown[]>(server, 'GET', `/groups/${group.id}/transactions`, {
        token: ann.token,
      }),
    ).toEqual([]);
    await submit(form);
    await seeText(page, 'Expense added!');
    await page.getByText('Bea Costa owes you $10.00').waitFor();
    await context.close();
  });

  it('shows the server message when saving fails', async () => {
    const { ann, bea, group } = await trio();
    const { page, context } = await openGroup(ann, group);
    const form = await startExpense(page, 'Late dinner', '30');
    await form.getByText('Equally · 3 people').waitFor();
    // Bea leaves the group while Ann fills in the form.
    await apiCall(server, 'DELETE', `/groups/${group.id}/members/${bea.id}`, { token: bea.token });
    await page.getByRole('region', { name: 'Members' }).getByText('Bea Costa').waitFor({
      state: 'detached',
    });
    await submit(form);
    // The server's own words, beside the buttons; no Retry: sending it again cannot help.
    await expectFormAlert(form, 'Bea Costa is not a member of this group.');
    expect(await form.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    const split = await chooseSplit(page, form, 'Equally');
    await split.getByRole('checkbox', { name: 'Include Bea Costa' }).uncheck();
    await split.getByRole('button', { name: 'Done' }).click();
    await submit(form);
    await seeText(page, 'Expense added!');
    await page.getByText('Carl Diaz owes you $15.00').waitFor();
    await context.close();
  });
});

async function expectFormAlert(form: Locator, text: string) {
  await form.getByRole('alert').getByText(text, { exact: true }).waitFor();
}

/** The message a control's aria-describedby points at while it is aria-invalid, else null. */
async function fieldError(control: Locator): Promise<string | null> {
  return await control.evaluate((el) => {
    if (el.getAttribute('aria-invalid') !== 'true') return null;
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/);
    const id = ids.find((i) => i.endsWith('-error'));
    return id === undefined ? '' : (document.getElementById(id)?.textContent ?? '').trim();
  });
}

/** Waits until the control shows `message` beside it (null: until it shows none). */
async function expectFieldError(control: Locator, message: string | null) {
  await expect.poll(() => fieldError(control), { timeout: 10_000 }).toBe(message);
}

async function isFocused(control: Locator): Promise<boolean> {
  return await control.evaluate((el) => el === document.activeElement);
}

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
