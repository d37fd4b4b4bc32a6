// Defaults that fit the person (issue #31 point 5): a new group's currency from the home
// currency or the browser's region, settle-up in the currency of the balance it settles, the
// theme following the device (System), split fields that start empty, and Add Member offering
// someone without an account.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  type OpenOptions,
  openAs,
  seeText,
  startAppServer,
  type TestUser,
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

/** Opens Create a group and reads the currency it starts in, then creates the group. */
async function newGroupCurrency(
  user: TestUser,
  options: OpenOptions,
): Promise<{ shown: string; saved: string }> {
  const { page, context } = await openAs(browser, server, user, '/app/groups', options);
  await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Create group' }).first().click();
  const modal = dialog(page, 'Create a group');
  const picker = modal.getByRole('combobox', { name: 'Group currency' });
  // Without a home currency the default is known at once (no wait for GET /auth/me).
  const shown = (await picker.inputValue()).slice(0, 3);
  await modal.getByLabel('Group name').fill('Lisbon trip');
  await modal.getByRole('button', { name: 'Create Group', exact: true }).click();
  await page.waitForURL(/\/app\/group\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const group = await apiCall<{ defaultCurrency: string }>(server, 'GET', `/groups/${id}`, {
    token: user.token,
  });
  await context.close();
  return { shown, saved: group.defaultCurrency };
}

describe('a new group’s currency', () => {
  it('comes from the browser’s region: en-GB → GBP on a phone', async () => {
    const ann = await createUser(server, 'Ann Lee');
    expect(await newGroupCurrency(ann, { phone: true, locale: 'en-GB' })).toEqual({
      shown: 'GBP',
      saved: 'GBP',
    });
  });

  it('comes from the browser’s region: pt-PT → EUR on a desktop', async () => {
    const ann = await createUser(server, 'Ann Lee');
    expect(await newGroupCurrency(ann, { desktop: true, locale: 'pt-PT', language: 'en' })).toEqual(
      {
        shown: 'EUR',
        saved: 'EUR',
      },
    );
  });

  it('comes from the home currency before the region', async () => {
    const ann = await createUser(server, 'Ann Lee');
    await apiCall(server, 'PATCH', '/auth/me', { body: { homeCurrency: 'CHF' }, token: ann.token });
    const { page, context } = await openAs(browser, server, ann, '/app/groups', {
      locale: 'en-GB',
    });
    await page.getByRole('button', { name: 'Create group' }).first().click();
    const picker = dialog(page, 'Create a group').getByRole('combobox', { name: 'Group currency' });
    await expect.poll(async () => (await picker.inputValue()).slice(0, 3)).toBe('CHF');
    await context.close();
  });
});

describe('settle up with a friend', () => {
  it('opens in the currency of the balance it settles, else the person’s own', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    // Ann owes Bea €20.00 from a dinner outside any group.
    await addEqualExpense(server, bea, null, 'Dinner', 40, [ann, bea], 'EUR');
    const { page, context } = await openAs(browser, server, ann, '/app/settle-up', {
      phone: true,
      locale: 'en-GB',
    });
    // No friend chosen yet: nothing to settle, so Ann's own currency (not USD).
    await page.getByLabel('Amount (GBP)').waitFor();
    expect(await page.getByLabel('Amount (GBP)').inputValue()).toBe('');
    await page.getByLabel('Friend').selectOption({ label: 'Bea Costa' });
    await page.getByLabel('Amount (EUR)').waitFor();
    expect(await page.getByLabel('Amount (EUR)').inputValue()).toBe('20.00');
    await context.close();

    // From Bea's page: straight in euros.
    const again = await openAs(browser, server, ann, `/app/settle-up?with=${bea.id}`, {
      desktop: true,
      locale: 'en-GB',
    });
    await again.page.getByLabel('Amount (EUR)').waitFor();
    expect(await again.page.getByLabel('Amount (EUR)').inputValue()).toBe('20.00');
    await again.context.close();
  });
});

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('theme', () => {
  it('follows the device under System (the default), live; Light and Dark stay put', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/account', {
      desktop: true,
      colorScheme: 'dark',
    });
    const themes = page.getByRole('radiogroup', { name: 'Theme' });
    const option = (name: string) => themes.getByRole('radio', { name });
    await themes.waitFor();
    expect(await option('System').isChecked()).toBe(true);
    expect(await isDark(page)).toBe(true);
    expect(
      await page.evaluate(() =>
        document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      ),
    ).toBe('#0b1210');

    // The device turns light: the page follows without a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);

    // Light is kept whatever the device says, across a reload.
    await themes.locator('label', { hasText: 'Light' }).click();
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await themes.waitFor();
    expect(await option('Light').isChecked()).toBe(true);
    expect(await isDark(page)).toBe(false);

    // Back to System: nothing stored, the device's dark again.
    await themes.locator('label', { hasText: 'System' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await context.close();
  });

  it('starts dark before the app loads when the device prefers dark', async () => {
    const context = await browser.newContext({ colorScheme: 'dark', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    // theme-init.js runs before first paint, the landing page's toggle then offers light.
    expect(await isDark(page)).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await context.close();
  });
});

describe('split fields', () => {
  it('start empty with a placeholder, so tapping in and typing 10 gives 10', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Flat', [bea]);
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      phone: true,
      locale: 'en-US',
    });
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).tap();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Groceries');
    await form.getByLabel(/^Amount/).fill('30');
    await form.getByRole('button', { name: /Change$/ }).tap();
    const split = dialog(page, 'Split options');

    await split.getByRole('radio', { name: 'Percentages' }).tap();
    const percent = split.getByLabel('Percentages for Ann Lee');
    expect(await percent.inputValue()).toBe('');
    expect(await percent.getAttribute('placeholder')).toBe('0');

    await split.getByRole('radio', { name: 'Exact amounts' }).tap();
    const annField = split.getByLabel('Exact amounts for Ann Lee');
    const beaField = split.getByLabel('Exact amounts for Bea Costa');
    expect(await annField.inputValue()).toBe('');
    expect(await annField.getAttribute('placeholder')).toBe('0.00');
    await annField.tap();
    await page.keyboard.type('10');
    expect(await annField.inputValue()).toBe('10');
    // An empty field counts as 0: the sum is checked, no "enter a value" for Bea.
    await split.getByText('$20.00 left of $30.00').waitFor();
    expect(await split.getByText(/Please enter a valid/).count()).toBe(0);
    await beaField.tap();
    await page.keyboard.type('20');
    expect(await beaField.inputValue()).toBe('20');
    await split.getByText('$0.00 left of $30.00').waitFor();
    await split.getByRole('button', { name: 'Done' }).tap();
    await form.getByRole('button', { name: 'Add Expense', exact: true }).tap();
    await seeText(page, 'Expense added!');
    await page.getByText('Bea Costa owes you $20.00').waitFor();
    await context.close();
  });
});

describe('Add Member', () => {
  it('also adds someone without an account', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const group = await createGroup(server, ann, 'Ski week');
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      desktop: true,
    });
    await page.getByRole('button', { name: '+ Add Member' }).click();
    const add = dialog(page, 'Add Member');
    await add.getByRole('button', { name: 'Add someone without an account' }).click();
    const guest = dialog(page, 'Add someone without an account');
    await guest.getByLabel('Name').fill('Dee Ortiz');
    await guest.getByRole('button', { name: 'Add person' }).click();
    await seeText(page, 'Dee Ortiz added');
    await page.getByRole('region', { name: 'Members' }).getByText('Dee Ortiz').waitFor();
    const body = await apiCall<{ members: { name: string; guest: boolean }[] }>(
      server,
      'GET',
      `/groups/${group.id}`,
      { token: ann.token },
    );
    expect(body.members.find((m) => m.name === 'Dee Ortiz')?.guest).toBe(true);
    await context.close();
  });
});
