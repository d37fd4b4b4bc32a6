// Idempotency-Key from the web app (docs/api.md §1.10, issue #9): each create of an expense or
// payment carries a key, and sending it again after the browser lost the answer (Save pressed
// again, or the offline outbox retrying) sends the same key, so the server replays the first
// result instead of creating a second one. The first
// attempt always reaches the real server; only the browser is made to see a failure.
import type { Browser, Page, Route } from 'playwright-core';
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
import { receiptPdf } from '../packages/receipts/src/testing/receipt-pdf';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** One POST as the server answered it (the browser may have been shown something else). */
interface Attempt {
  key: string | null;
  status: number;
  replayed: string | null;
}

/** What the browser sees of an answer: the real one, a dropped connection, or a proxy's 504. */
type Outcome = 'pass' | 'lose' | 'gateway-timeout';

/**
 * Sends every POST to `/api{path}` on to the real server and records it; `outcome(n)` decides
 * what the browser gets for the n-th (0-based) attempt.
 */
async function interceptCreates(
  page: Page,
  path: string,
  outcome: (attempt: number) => Outcome,
): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  await page.route(`**/api${path}`, async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST') {
      await route.fallback();
      return;
    }
    const key = await request.headerValue('idempotency-key');
    const response = await route.fetch();
    const n = attempts.length;
    attempts.push({
      key,
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'] ?? null,
    });
    const seen = outcome(n);
    if (seen === 'lose') await route.abort('connectionreset');
    else if (seen === 'gateway-timeout')
      await route.fulfill({ status: 504, contentType: 'text/html', body: '<h1>504</h1>' });
    else await route.fulfill({ response });
  });
  return attempts;
}

interface Item {
  id: number;
  description?: string;
  receiptUrl?: string | null;
  amount: number;
}

async function transactions(token: string, groupId: number): Promise<Item[]> {
  return await apiCall<Item[]>(server, 'GET', `/groups/${groupId}/transactions`, { token });
}

describe('expenses', () => {
  it('retries a lost expense with its receipt under the same key and creates it once', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Road trip', [bea]);
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await page.getByRole('heading', { name: group.name, level: 1 }).waitFor();
    const attempts = await interceptCreates(page, '/expenses', (n) => (n === 0 ? 'lose' : 'pass'));

    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel(/^Amount/).fill('10');
    await form.getByLabel('Receipt (optional)').setInputFiles({
      name: 'taxi.pdf',
      mimeType: 'application/pdf',
      buffer: receiptPdf(['CITY TAXI', 'Date: 03/14/2025', 'Ride 18.60', 'Total $18.60']),
    });
    await form.getByText('Receipt scanned. Please verify payer and split details.').waitFor();
    expect(await form.getByLabel(/^Amount/).inputValue()).toBe('18.60');
    const add = form.getByRole('button', { name: 'Add Expense', exact: true });
    await add.click();
    // No answer: the expense waits on the device (offline entry, issue #13) with its key…
    await seeText(page, 'Saved on this device — waiting to sync.');
    await form.waitFor({ state: 'detached' });
    // The server did create it: only its answer was lost.
    expect(attempts[0]).toMatchObject({ status: 201, replayed: null });
    expect((await transactions(ann.token, group.id)).length).toBe(1);

    // …and is sent again shortly, unchanged: the same key, so the server replays it.
    await expect.poll(() => attempts.length, { timeout: 30_000 }).toBe(2);
    await page.getByRole('list', { name: 'Waiting to sync' }).waitFor({ state: 'detached' });
    const [first, retry] = attempts;
    expect(first?.key).toMatch(UUID);
    expect(retry).toEqual({ key: first?.key, status: 201, replayed: 'true' });

    const items = await transactions(ann.token, group.id);
    // The scan fills in the shop's name as people write it.
    expect(items.map((i) => [i.description, i.amount])).toEqual([['City Taxi', 18.6]]);
    expect(items[0]?.receiptUrl).toMatch(/\/api\/receipts\/files\//);
    const activity = page.getByRole('region', { name: 'Group Activity' });
    await activity
      .getByRole('button', { name: /City Taxi/ })
      .getByText('(has receipt)')
      .waitFor();
    expect(await activity.getByRole('button', { name: /City Taxi/ }).count()).toBe(1);
    await page.getByText('Bea Costa owes you $9.30').waitFor();

    // After a success the next submission, even an identical one, is a new expense: new key.
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    await form.getByLabel('Description').fill('CITY TAXI');
    await form.getByLabel(/^Amount/).fill('18.60');
    await add.click();
    await seeText(page, 'Expense added!');
    await form.waitFor({ state: 'detached' });
    expect(attempts).toHaveLength(3);
    expect(attempts[2]?.key).toMatch(UUID);
    expect(attempts[2]?.key).not.toBe(first?.key);
    expect(attempts[2]).toMatchObject({ status: 201, replayed: null });
    await page.getByText('Bea Costa owes you $18.60').waitFor();
    expect(await transactions(ann.token, group.id)).toHaveLength(2);
    await context.close();
  });

  it('keeps the key while a refused form is unchanged and takes a new one once it changes', async () => {
    const [ann, bea, carl] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
      createUser(server, 'Carl Diaz'),
    ]);
    await befriend(server, ann, bea);
    await befriend(server, ann, carl);
    const group = await createGroup(server, ann, 'Flat 3B', [bea, carl]);
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await page.getByRole('heading', { name: group.name, level: 1 }).waitFor();
    const attempts = await interceptCreates(page, '/expenses', () => 'pass');

    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Cleaning');
    await form.getByLabel(/^Amount/).fill('30');
    await form.getByText('Equally · 3 people').waitFor();
    // Bea leaves while Ann fills in the form: the server refuses the split and stores nothing.
    await apiCall(server, 'DELETE', `/groups/${group.id}/members/${bea.id}`, { token: bea.token });
    await page.getByRole('region', { name: 'Members' }).getByText('Bea Costa').waitFor({
      state: 'detached',
    });
    const add = form.getByRole('button', { name: 'Add Expense', exact: true });
    const refused = 'Bea Costa is not a member of this group.';
    await add.click();
    await form.getByRole('alert').getByText(refused, { exact: true }).waitFor();
    // Save again, unchanged: the same key, and the same refusal (not a 409).
    await add.click();
    await expect.poll(() => attempts.length).toBe(2);
    await form.getByRole('alert').getByText(refused, { exact: true }).waitFor();
    expect(attempts.map((a) => a.status)).toEqual([400, 400]);
    expect(attempts[1]?.key).toBe(attempts[0]?.key);

    // A changed request under the old key would be a 409 "different request": a new key instead.
    await form.getByRole('button', { name: /Change$/ }).click();
    const split = dialog(page, 'Split options');
    await split.getByRole('checkbox', { name: 'Include Bea Costa' }).uncheck();
    await split.getByRole('button', { name: 'Done' }).click();
    await add.click();
    await seeText(page, 'Expense added!');
    expect(attempts).toHaveLength(3);
    expect(attempts[2]).toMatchObject({ status: 201, replayed: null });
    expect(attempts[2]?.key).toMatch(UUID);
    expect(attempts[2]?.key).not.toBe(attempts[0]?.key);
    await page.getByText('Carl Diaz owes you $15.00').waitFor();
    expect((await transactions(ann.token, group.id)).map((i) => i.description)).toEqual([
      'Cleaning',
    ]);
    await context.close();
  });
});

describe('payments', () => {
  it('settles up again after a gateway timeout under the same key and records it once', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    await addEqualExpense(server, bea, null, 'Concert', 50, [ann, bea]);
    const { page, context } = await openAs(browser, server, ann, '/app/settle-up');
    const attempts = await interceptCreates(page, '/payments/settle', (n) =>
      n === 0 ? 'gateway-timeout' : 'pass',
    );
    await page.getByLabel('Friend').selectOption({ label: 'Bea Costa' });
    await seeText(page, 'You owe Bea Costa $25.00');
    await page.getByLabel(/^Amount/).fill('25');
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    await page.getByRole('alert').getByText('Failed to record payment', { exact: true }).waitFor();
    expect(attempts).toMatchObject([{ status: 201, replayed: null }]);

    await save.click();
    await seeText(page, 'Payment recorded successfully!');
    await page.waitForURL('**/app/activity');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.key).toMatch(UUID);
    expect(attempts[1]).toEqual({ key: attempts[0]?.key, status: 201, replayed: 'true' });

    const payments = await apiCall<{ amount: number }[]>(server, 'GET', '/payments/my', {
      token: ann.token,
    });
    expect(payments.map((p) => p.amount)).toEqual([25]);
    await page.getByText('You paid Bea Costa', { exact: true }).waitFor();
    expect(await page.getByText('You paid Bea Costa', { exact: true }).count()).toBe(1);
    await context.close();
  });

  it('records a group payment once after a lost answer, with a key made over plain http', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, bea, ann);
    const group = await createGroup(server, bea, 'Lisbon trip', [ann]);
    await addEqualExpense(server, bea, group.id, 'Apartment', 60, [ann, bea]);
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    // A LAN install opened over http is no secure context: crypto.randomUUID is missing there.
    await context.addInitScript(() => {
      Reflect.deleteProperty(Crypto.prototype, 'randomUUID');
    });
    await page.reload();
    await page.getByText('you owe Bea Costa $30.00').waitFor();
    const attempts = await interceptCreates(page, '/payments', (n) => (n === 0 ? 'lose' : 'pass'));

    await page.getByRole('button', { name: 'Settle Up' }).click();
    const modal = dialog(page, 'Record a payment');
    await modal.getByLabel('Member').selectOption({ label: 'Bea Costa' });
    await modal.getByLabel(/^Amount/).fill('20');
    const save = modal.getByRole('button', { name: 'Save Payment' });
    await save.click();
    // No answer: it waits on the device and is sent again under its key (offline entry).
    await seeText(page, 'Saved on this device — waiting to sync.');
    await modal.waitFor({ state: 'detached' });
    expect(attempts[0]).toMatchObject({ status: 201, replayed: null });
    await expect.poll(() => attempts.length, { timeout: 30_000 }).toBe(2);
    expect(attempts[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(attempts[1]).toEqual({ key: attempts[0]?.key, status: 201, replayed: 'true' });

    const items = await transactions(ann.token, group.id);
    expect(items.filter((i) => i.description === undefined).map((i) => i.amount)).toEqual([20]);
    const activity = page.getByRole('region', { name: 'Group Activity' });
    await page.getByText('you owe Bea Costa $10.00').waitFor();
    expect(await activity.getByText('You paid Bea Costa').count()).toBe(1);
    await context.close();
  });
});
