// A trip in two currencies (issue #10), in Chromium with a German locale: amounts typed as
// Europeans type them, a yen expense converted into the group's euros at a rate the user types
// (the server has no rate service here, so the form asks for one), balances in euros.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

interface ExpenseOut {
  description: string;
  amount: number;
  currency: string;
  conversion: { currency: string; amount: number; rateSource: string } | null;
}

async function balanceLines(page: Page): Promise<string[]> {
  const region = page.getByRole('region', { name: 'Group Balances' });
  return (await region.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
}

describe('a trip in two currencies', () => {
  it('saves 12,50 as 12.50 and converts a yen expense at a typed rate', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Lisbon', [bea], { defaultCurrency: 'EUR' });
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      locale: 'de-DE',
    });
    await page.getByRole('heading', { name: 'Lisbon', level: 1 }).waitFor();

    // 1. Dinner, typed the German way.
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    let form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Dinner');
    await form.getByLabel('Amount (EUR)').fill('12,50');
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await seeText(page, 'Expense added!');

    // 2. Sushi in yen, at a rate the user types (no rate service on this server).
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Sushi');
    const currency = form.getByRole('combobox', { name: 'Currency' });
    await currency.click();
    await currency.fill('yen');
    await form.getByRole('option', { name: /JPY/ }).first().click();
    await form.getByLabel('Amount (JPY)').fill('10.000');
    await form
      .getByText('Exchange rates cannot be fetched right now. Please enter the rate.')
      .waitFor();
    await form.getByLabel('Exchange rate, EUR per JPY').fill('0,00625');
    await form.getByText(/≈ 62,50\s€/).waitFor();
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await seeText(page, 'Expense added!');

    const items = await apiCall<ExpenseOut[]>(server, 'GET', `/groups/${group.id}/transactions`, {
      token: ann.token,
    });
    const byName = new Map(items.map((e) => [e.description, e]));
    expect(byName.get('Dinner')).toMatchObject({ amount: 12.5, currency: 'EUR', conversion: null });
    expect(byName.get('Sushi')).toMatchObject({
      amount: 10_000,
      currency: 'JPY',
      conversion: { currency: 'EUR', amount: 62.5, rateSource: 'MANUAL' },
    });
    // The list shows the yen and the euros; the balance is in euros: 6.25 + 31.25.
    await page
      .getByText(/62,50\s€/)
      .first()
      .waitFor();
    await seeText(page, /Bea Costa owes you 37,50\s€/);
    expect((await balanceLines(page)).join(' ')).toMatch(/37,50\s€/);
    await context.close();
  });

  it('refuses an ambiguous amount instead of guessing', async () => {
    const ann = await createUser(server, 'Ann Roe');
    const group = await createGroup(server, ann, 'Paris', [], { defaultCurrency: 'EUR' });
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      locale: 'fr-FR',
    });
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Hotel');
    await form.getByLabel('Amount (EUR)').fill('1.234');
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await form
      .getByText(
        '"1.234" could be read two ways. Please type it without thousands separators, e.g. 1234 or 1234,50.',
      )
      .waitFor();
    const items = await apiCall<unknown[]>(server, 'GET', `/groups/${group.id}/transactions`, {
      token: ann.token,
    });
    expect(items).toEqual([]);
    await context.close();
  });
});
