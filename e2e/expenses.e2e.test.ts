// Expenses against the real server: every split type, two payers, the keyboard, and every
// validation message of the expense form (spec §5). Detail, edit, delete, notes, receipts,
// comments and expenses outside groups: expense-detail.e2e.test.ts.
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  dialog,
  type GroupInfo,
  seeText,
  startAppServer,
  type TestUser,
} from './support/app';
import { launchBrowser } from './support/browser';
import {
  balanceLines,
  chooseSplit,
  openDetail,
  owedDetails,
  startExpense,
  submit,
} from './support/expense-steps';
import * as steps from './support/expense-steps';
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

const trio = () => steps.trio(server);
const openGroup = (user: TestUser, group: GroupInfo) =>
  steps.openGroup(browser, server, user, group);

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
    await detail.getByText('You ($60.00) and Bea Costa ($40.00)').waitFor();
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
