// A trip in two currencies (issue #10), in Chromium: amounts typed with a decimal comma on an
// English page in a German browser (the page's language writes the amounts, issue #32), a yen
// expense converted into the group's euros at a rate the user types (the local rate service
// knows no yen, so the form asks for one), balances in euros, settling in dollars at the rate of
// the day, a group that keeps currencies apart converting a balance, and a home currency.
import type { Browser, Locator, Page } from 'playwright-core';
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
import { type FakeRates, startFakeRates } from '../apps/api/test/support/fake-rates';
import { receiptPdf } from '../packages/receipts/src/testing/receipt-pdf';
import { launchBrowser } from './support/browser';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;
let rates: FakeRates;

beforeAll(async () => {
  // A local Frankfurter-compatible service: dollars in euros, no yen.
  rates = await startFakeRates();
  rates.rates.set('USD>EUR', '0.9');
  [browser, server] = await Promise.all([
    launchBrowser(),
    startAppServer({ FX_RATES_URL: rates.url }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rates?.close();
});

interface ExpenseOut {
  description: string;
  amount: number;
  currency: string;
  conversion: { currency: string; amount: number; rateSource: string } | null;
}

/** Opens a currency picker, searches it and picks the currency with `code`. */
async function pickCurrency(
  scope: Page | Locator,
  label: string,
  search: string,
  code: string,
): Promise<void> {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await scope
    .getByRole('option', { name: new RegExp(`^${code} `) })
    .first()
    .click();
}

async function balanceLines(page: Page): Promise<string[]> {
  const region = page.getByRole('region', { name: 'Group Balances' });
  return (await region.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
}

describe('a trip in two currencies', () => {
  it('saves 12,50 as 12.50 and converts a yen expense at a typed rate', async () => {
    // An English page in a German browser: typed decimal commas are read, amounts are written
    // in English (the page's language), not German.
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Lisbon', [bea], { defaultCurrency: 'EUR' });
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      locale: 'de-DE',
      language: 'en',
    });
    await page.getByRole('heading', { name: 'Lisbon', level: 1 }).waitFor();

    // 1. Dinner, typed with a decimal comma.
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    let form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Dinner');
    await form.getByLabel('Amount (EUR)').fill('12,50');
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    await seeText(page, 'Expense added!');

    // 2. Sushi in yen, at a rate the user types (no rate service on this server).
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Sushi');
    await pickCurrency(form, 'Currency', 'yen', 'JPY');
    // "10.000" would be ambiguous on an English page (ten thousand or ten): refused, so typed plain.
    await form.getByLabel('Amount (JPY)').fill('10000');
    await form
      .getByText('Exchange rates cannot be fetched right now. Please enter the rate.')
      .waitFor();
    await form.getByLabel('Exchange rate, EUR per JPY').fill('0,00625');
    await form.getByText('≈ €62.50').waitFor();
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    // The first save's toast may still be up: the closed form says this save went through.
    await form.waitFor({ state: 'hidden' });
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
    await page.getByText('€62.50').first().waitFor();
    await seeText(page, /Bea Costa owes you €37\.50/);
    expect((await balanceLines(page)).join(' ')).toMatch(/€37\.50/);

    // 3. Bea pays back 10 dollars at the rate of the day (0.9 EUR per USD), then the rest in
    //    euros; Ann's open page follows live.
    const beaView = await openAs(browser, server, bea, `/app/group/${group.id}`, {
      locale: 'de-DE',
      language: 'en',
    });
    const beaPage = beaView.page;
    await beaPage.getByRole('button', { name: 'Settle Up' }).click();
    let pay = dialog(beaPage, 'Record a payment');
    await pay.getByLabel('Member').selectOption({ label: 'Ann Lee' });
    await pickCurrency(pay, 'Currency', 'dollar', 'USD');
    await pay.getByLabel('Amount (USD)').fill('10');
    // The rate's day in the page's language ("Nov 28, 2026"), not as the API writes it.
    await pay.getByText(/Rate of [A-Z][a-z]{2} \d{1,2}, \d{4}: 1 USD = 0\.9 EUR/).waitFor();
    await pay.getByText('≈ €9.00').waitFor();
    await pay.getByRole('button', { name: 'Save Payment' }).click();
    await seeText(beaPage, 'Payment added!');
    await seeText(page, /Bea Costa owes you €28\.50/);

    await beaPage.getByRole('button', { name: 'Settle Up' }).click();
    pay = dialog(beaPage, 'Record a payment');
    await pay.getByLabel('Member').selectOption({ label: 'Ann Lee' });
    await pay.getByLabel('Amount (EUR)').fill('28,50');
    await pay.getByRole('button', { name: 'Save Payment' }).click();
    await seeText(beaPage, 'Payment added!');
    await seeText(page, 'Everyone is settled up within this group.');

    const payments = (
      await apiCall<(ExpenseOut & { type: string })[]>(
        server,
        'GET',
        `/groups/${group.id}/transactions`,
        { token: ann.token },
      )
    ).filter((t) => t.type === 'payment');
    expect(payments.map((p) => [p.amount, p.currency, p.conversion?.amount ?? null])).toEqual(
      expect.arrayContaining([
        [10, 'USD', 9],
        [28.5, 'EUR', null],
      ]),
    );
    await beaView.context.close();
    await context.close();
  });

  it('keeps currencies apart in a group and converts a balance at a typed rate', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Sato'),
      createUser(server, 'Bea Mori'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Tokyo', [bea], {
      defaultCurrency: 'USD',
      currencyMode: 'SEPARATE',
    });
    // Bea owes Ann 100 USD; Ann owes Bea 10,000 JPY.
    await addEqualExpense(server, ann, group.id, 'Flights', 200, [ann, bea], 'USD');
    await addEqualExpense(server, bea, group.id, 'Ryokan', 20_000, [ann, bea], 'JPY');
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await seeText(page, 'currencies kept separate');
    await seeText(page, /Bea Mori owes you \$100\.00/);
    await seeText(page, /you owe Bea Mori ¥10,000/);

    // The currency cannot change once there is history.
    await page.getByRole('link', { name: 'Group settings' }).click();
    await page.getByRole('button', { name: 'Currency settings' }).click();
    const settings = dialog(page, 'Group currency');
    await settings
      .getByText('The currency can only be changed while the group has no expenses or payments.')
      .waitFor();
    await expect(
      settings.getByRole('combobox', { name: 'Group currency' }).isDisabled(),
    ).resolves.toBe(true);
    await settings.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('link', { name: 'Back' }).click();

    // "+100 USD, −10,000 JPY" at 0.006849 USD per JPY becomes "+31.51 USD, 0 JPY".
    await page.getByRole('button', { name: 'Convert a balance into another currency' }).click();
    const convert = dialog(page, 'Convert a balance');
    await convert.getByLabel('Convert from').selectOption('JPY');
    await convert.getByLabel('Rate: 1 JPY = ? USD').fill('0.006849');
    await convert
      .getByText('−¥10,000 becomes −$68.49. Afterwards with Bea Mori: ¥0 and +$31.51.')
      .waitFor();
    await convert.getByRole('button', { name: 'Convert' }).click();
    await seeText(page, 'Balance converted!');
    await seeText(page, /Bea Mori owes you \$31\.51/);
    expect((await balanceLines(page)).join(' ')).not.toMatch(/¥/);
    await seeText(page, 'currency exchange');

    const lines = await apiCall<{ netAmount: number; currency: string }[]>(
      server,
      'GET',
      `/balances/group/${group.id}`,
      { token: ann.token },
    );
    expect(lines.filter((l) => l.netAmount !== 0)).toEqual([
      expect.objectContaining({ netAmount: 31.51, currency: 'USD' }),
    ]);
    await context.close();
  });

  it('shows balances in other currencies also in the home currency, marked approximate', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Weber'),
      createUser(server, 'Bea Klein'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'New York', [bea], { defaultCurrency: 'USD' });
    await addEqualExpense(server, ann, group.id, 'Hotel', 200, [ann, bea], 'USD');
    // Approximate totals use cached rates only: this look-up caches today's USD→EUR.
    await apiCall(server, 'GET', '/fx/rate?from=USD&to=EUR', { token: ann.token });
    const { page, context } = await openAs(browser, server, ann, '/app/account');
    await pickCurrency(page, 'Currency', 'euro', 'EUR');
    await seeText(page, 'Home currency set to EUR');

    // $100.00 owed at 0.9 EUR per USD: about €90.00, beside the exact dollars.
    await page.goto(`${server.baseUrl}/app/groups`);
    await seeText(page, /Overall, you are owed \$100\.00/);
    await seeText(page, /≈ \+€90\.00 in all, approximately, at the latest rates/);
    await seeText(page, /≈ \+€90\.00 in all$/);
    await context.close();
  });

  it('preselects the currency a scanned receipt names', async () => {
    const ann = await createUser(server, 'Ann Tan');
    const group = await createGroup(server, ann, 'Penang', [], { defaultCurrency: 'EUR' });
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Receipt (optional)').setInputFiles({
      name: 'kopitiam.pdf',
      mimeType: 'application/pdf',
      buffer: receiptPdf([
        'KEDAI KOPI SENTOSA',
        'Date: 14/03/2025',
        'Teh tarik 2.50',
        'Total MYR 42.50',
      ]),
    });
    // Amount and currency come from the receipt (no amount was typed, so no mismatch notice).
    await expect
      .poll(() => form.getByLabel('Amount (MYR)').inputValue(), { timeout: 30_000 })
      .toBe('42.50');
    expect(await form.getByRole('combobox', { name: 'Currency' }).inputValue()).toMatch(/^MYR /);
    expect(await form.getByLabel('Description').inputValue()).toBe('Kedai Kopi Sentosa');
    // Ringgit in a euro group: the form asks how to convert.
    await form.getByRole('group', { name: 'Converted into EUR' }).waitFor();
    await context.close();
  });

  it('writes a German page’s amounts and currency names in German, in an American browser', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Berg'),
      createUser(server, 'Bea Vogt'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Berlin', [bea], { defaultCurrency: 'EUR' });
    await addEqualExpense(server, ann, group.id, 'Hotel', 2469.14, [ann, bea], 'EUR');
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      locale: 'en-US',
      language: 'de',
    });
    await page
      .getByText(/2\.469,14\s€/)
      .first()
      .waitFor();
    await page
      .getByText(/1\.234,57\s€/)
      .first()
      .waitFor();
    // The currency picker names the currencies in German and finds them by that name.
    await page.getByRole('main').getByRole('button', { name: 'Ausgabe hinzufügen' }).click();
    const form = dialog(page, 'Neue Ausgabe hinzufügen');
    await form.getByRole('combobox', { name: 'Währung' }).click();
    await form.getByRole('combobox', { name: 'Währung' }).fill('US-Dollar');
    await form.getByRole('option', { name: /^USD · US-Dollar/ }).waitFor();
    // "Install app" would show the German manifest.
    const href = await page.evaluate(
      () => document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
    );
    expect(href).toMatch(/manifest-de\.webmanifest$/);
    const manifest = (await (await fetch(new URL(href ?? '', `${server.baseUrl}/`))).json()) as {
      name: string;
      lang: string;
      description: string;
    };
    expect(manifest).toMatchObject({ name: 'Evenly', lang: 'de' });
    expect(manifest.description).toContain('Ausgaben');
    await context.close();
  });

  // Issue #31 point 7: an en-GB "1.234" used to get only "Please enter a valid positive amount".
  // The page's language reads the amount (issue #32): an English page in a French browser too.
  it.each([
    [
      'fr-FR',
      'EUR',
      'phone',
      'Did you mean 1.234 or 1,234? Please type it without thousands separators, e.g. 1234 or 1234.50.',
    ],
    [
      'en-GB',
      'GBP',
      'desktop',
      'Did you mean 1.234 or 1,234? Please type it without thousands separators, e.g. 1234 or 1234.50.',
    ],
    [
      'en-GB',
      'GBP',
      'phone',
      'Did you mean 1.234 or 1,234? Please type it without thousands separators, e.g. 1234 or 1234.50.',
    ],
  ] as const)(
    'refuses an ambiguous amount (%s, %s, %s), saying both readings',
    async (locale, currency, size, message) => {
      const ann = await createUser(server, 'Ann Roe');
      const group = await createGroup(server, ann, 'Paris', [], { defaultCurrency: currency });
      const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
        locale,
        language: 'en',
        ...(size === 'phone' ? { phone: true } : { desktop: true }),
      });
      await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
      const form = dialog(page, 'Add New Expense');
      await form.getByLabel('Description').fill('Hotel');
      await form.getByLabel(`Amount (${currency})`).fill('1.234');
      await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
      await form.getByText(message).waitFor();
      const items = await apiCall<unknown[]>(server, 'GET', `/groups/${group.id}/transactions`, {
        token: ann.token,
      });
      expect(items).toEqual([]);
      // Typed without the separator, it is the thousands reading.
      await form.getByLabel(`Amount (${currency})`).fill('1234');
      await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await context.close();
    },
  );
});
