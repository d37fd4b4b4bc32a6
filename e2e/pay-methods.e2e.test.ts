// "Settle with a tap" (issue #33 points 1–2) against the real server: Bea adds her PayPal.me and
// IBAN under Account (a mistyped IBAN is caught first); Ana, who owes her €45.00, gets a PayPal
// link with the amount and currency and a SEPA QR code that decodes to a valid EPC069-12
// payload; coming back to the app asks "Did you pay?", and "Yes" records the payment.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIban } from '@evenly/core';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createUser,
  dialog,
  openAs,
  seeText,
  startAppServer,
} from './support/app';
import { launchBrowser } from './support/browser';
import { decodeQr } from './support/qr';
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

/**
 * The user switching to another app and back: the tab hidden, then visible again. Headless
 * Chromium keeps a tab visible when another opens, so the test says so itself.
 */
async function leaveAndComeBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => state,
      });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
}

describe('settle with a tap', () => {
  it('Bea offers PayPal.me and her IBAN; Ana pays by link or QR code and records it', async () => {
    const [ana, bea] = await Promise.all([
      createUser(server, 'Ana Lima'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ana, bea);
    await addEqualExpense(server, bea, null, 'Lisbon flat', 90, [ana, bea], 'EUR');

    // Bea: Account → How to pay me.
    const b = await openAs(browser, server, bea, '/app/account');
    await b.page.getByRole('button', { name: 'Add how to pay me' }).click();
    const form = dialog(b.page, 'How to pay me');
    await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await form.getByLabel('Account holder').fill('Bea Costa');
    await form.getByLabel('PayPal.me name').fill('https://paypal.me/beacosta');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('This IBAN is not valid: a character is probably mistyped.').waitFor();
    await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await form.getByRole('button', { name: 'Save' }).click();
    await seeText(b.page, 'Saved how people can pay you');
    const section = b.page.getByRole('region', { name: 'How to pay me' });
    await section.getByText('DE89 3704 0044 0532 0130 00 · Bea Costa').waitFor();
    await section.getByText('beacosta').waitFor();
    await b.context.close();

    // Ana: settle up with Bea in euros.
    const { page, context } = await openAs(browser, server, ana, `/app/settle-up?with=${bea.id}`);
    await context.route('https://paypal.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/plain', body: 'PayPal' }),
    );
    await seeText(page, 'You owe Bea Costa €45.00');
    const paypal = page.getByRole('link', { name: /^Pay €45\.00 with PayPal/ });
    expect(await paypal.getAttribute('href')).toBe('https://paypal.me/beacosta/45.00EUR');

    const qr = page.getByRole('img', { name: 'SEPA transfer QR code: €45.00 to Bea Costa' });
    const payload = (await decodeQr(qr)).split('\n');
    expect(payload).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Bea Costa',
      'DE89370400440532013000',
      'EUR45.00',
      '',
      '',
      'Evenly · Ana Lima',
    ]);
    expect(readIban(payload[6]).ok).toBe(true);
    await page.getByText('DE89 3704 0044 0532 0130 00').waitFor();

    // Off to PayPal and back: asked, and "Not yet" records nothing.
    const [popup] = await Promise.all([context.waitForEvent('page'), paypal.click()]);
    await popup.waitForURL('https://paypal.me/beacosta/45.00EUR');
    await popup.close();
    await leaveAndComeBack(page);
    const asked = page.getByRole('alertdialog', { name: 'Did you pay Bea Costa €45.00?' });
    await asked.getByRole('button', { name: 'Not yet' }).click();
    await asked.waitFor({ state: 'detached' });

    // The IBAN copied for the banking app, and back: "Yes" records the payment.
    await page.getByRole('button', { name: 'Copy IBAN' }).click();
    await leaveAndComeBack(page);
    await asked.getByRole('button', { name: 'Yes, record it' }).click();
    await seeText(page, 'Payment recorded successfully!');
    await page.waitForURL('**/app/activity');

    const payments = await apiCall<
      { paidBy: { id: number }; paidTo: { id: number }; amount: number; currency: string }[]
    >(server, 'GET', '/payments/my', { token: ana.token });
    expect(payments.map((p) => [p.paidBy.id, p.paidTo.id, p.amount, p.currency])).toEqual([
      [ana.id, bea.id, 45, 'EUR'],
    ]);
    await context.close();
  });
});
