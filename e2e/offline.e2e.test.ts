// Offline entry (issue #13 point 6), in Chromium with the service worker on: expenses, a payment,
// a comment and edits made with the network switched off wait on the device ("Waiting to sync"),
// survive a reload without a network (the app shell and the last synced data come from the
// service worker and IndexedDB), and are saved exactly once when the network returns; a create
// whose answer is lost on the way back is replayed by its Idempotency-Key, not doubled; edits of
// expenses another person changed or deleted meanwhile are shown as conflicts with what was
// kept; Background Sync sends the outbox with no page of the app open; signing out with changes
// waiting asks first, and they are sent at the next sign-in on the device.
//
// The browser talks to the server through a small proxy of this test, which can let a request
// reach the server and then drop the connection before the answer gets back.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  startAppServer,
  type GroupInfo,
  type TestUser,
} from './support/app';
import { launchBrowser } from './support/browser';
import { receiptPdf } from '../packages/receipts/src/testing/receipt-pdf';
import type { RunningServer } from './support/server';

interface Proxy {
  baseUrl: string;
  /** Requests matching this reach the server, but their answers are dropped. */
  loseAnswers: (match: ((req: IncomingMessage) => boolean) | null) => void;
  lost: string[];
  close: () => Promise<void>;
}

function startProxy(target: string): Promise<Proxy> {
  let match: ((req: IncomingMessage) => boolean) | null = null;
  const lost: string[] = [];
  const server: Server = createServer((req, res) => {
    const lose = match?.(req) ?? false;
    const upstream = httpRequest(
      `${target}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        if (lose) {
          // The server has done the work; the browser never hears of it.
          lost.push(`${req.method ?? ''} ${req.url ?? ''}`);
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${String(port)}`,
        loseAnswers: (next) => {
          match = next;
        },
        lost,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let server: RunningServer;
let proxy: Proxy;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer();
  proxy = await startProxy(server.baseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
});

interface Transaction {
  type: 'expense' | 'payment';
  id: number;
  description?: string;
  amount: number;
  paidBy?: { id: number };
  paidTo?: { id: number };
  commentCount?: number;
  receiptUrl?: string | null;
}

async function transactions(user: TestUser, group: GroupInfo): Promise<Transaction[]> {
  return apiCall<Transaction[]>(server, 'GET', `/groups/${String(group.id)}/transactions`, {
    token: user.token,
  });
}

function described(list: Transaction[], description: string): Transaction[] {
  return list.filter((t) => t.type === 'expense' && t.description === description);
}

/** A context with the service worker on, signed in as `user`, and its page at `path`. */
async function openWithServiceWorker(
  user: TestUser,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ({ token, info }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('authToken', token);
      localStorage.setItem('userInfo', info);
    },
    {
      token: user.token,
      info: JSON.stringify({ id: user.id, name: user.name, email: user.email }),
    },
  );
  const page = await context.newPage();
  await page.goto(proxy.baseUrl + path);
  // The app registers its service worker at start; once active, a reload puts the page under it.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        }),
      );
    }
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { context, page };
}

/** Resolves once the person's last synced data on the device holds a query with this key. */
async function cached(page: Page, userId: number, key: unknown[]): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ id, wanted }) => {
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open('evenly-offline');
              open.onsuccess = () => resolve(open.result);
              open.onerror = () => reject(open.error ?? new Error('open failed'));
            });
            const snapshot = await new Promise<unknown>((resolve) => {
              const get = db
                .transaction('kv')
                .objectStore('kv')
                .get(`query-cache:${String(id)}`);
              get.onsuccess = () => resolve(get.result);
              get.onerror = () => resolve(null);
            });
            db.close();
            const queries =
              (snapshot as { state?: { queries?: { queryKey: unknown[] }[] } } | null)?.state
                ?.queries ?? [];
            return queries.some((q) => JSON.stringify(q.queryKey) === JSON.stringify(wanted));
          },
          { id: userId, wanted: key },
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

function activity(page: Page): Locator {
  return page.getByRole('region', { name: 'Group Activity' });
}

function waiting(page: Page): Locator {
  return page.getByRole('list', { name: 'Waiting to sync' });
}

async function addExpense(
  page: Page,
  description: string,
  amount: string,
  receipt: { name: string; mimeType: string; buffer: Buffer } | null = null,
): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  if (receipt !== null) {
    // Offline it cannot be read, but it stays attached and goes with the expense.
    await form.getByLabel('Receipt (optional)').setInputFiles(receipt);
    await form.getByText('You’re offline, so the receipt can’t be read now.').waitFor();
  }
  await form.getByLabel('Description').fill(description);
  await form.getByLabel(/^Amount/).fill(amount);
  await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
  await form.waitFor({ state: 'detached' });
}

async function openDetail(page: Page, description: string): Promise<Locator> {
  await activity(page)
    .getByRole('button', { name: new RegExp(`^${description}`) })
    .click();
  const detail = dialog(page, description);
  await detail.getByRole('heading', { name: 'Who owes what' }).waitFor();
  return detail;
}

async function editAmount(page: Page, description: string, amount: string): Promise<void> {
  const detail = await openDetail(page, description);
  await detail.getByRole('button', { name: 'Edit' }).click();
  const form = dialog(page, 'Edit Expense');
  await form.getByLabel(/^Amount/).fill(amount);
  await form.getByRole('button', { name: 'Update Expense', exact: true }).click();
  await form.waitFor({ state: 'detached' });
}

describe('offline entry', () => {
  it('keeps what is made offline, survives a reload and saves everything exactly once', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Lisbon', [bea]);
    const hotel = await addEqualExpense(server, ann, group.id, 'Hotel', 100, [ann, bea]);
    const museum = await addEqualExpense(server, ann, group.id, 'Museum', 30, [ann, bea]);
    const taxi = await addEqualExpense(server, ann, group.id, 'Taxi', 20, [ann, bea]);

    const { context, page } = await openWithServiceWorker(ann, `/app/group/${String(group.id)}`);
    await page.getByRole('heading', { name: 'Lisbon', level: 1 }).waitFor();
    await activity(page).getByText('Taxi').waitFor();
    await cached(page, ann.id, ['group', group.id, 'transactions']);

    // 1. Online, but the answer to the create is lost on its way back: it waits, then is
    //    replayed under its Idempotency-Key — one expense, not two.
    proxy.loseAnswers((req) => req.method === 'POST' && req.url === '/api/expenses');
    await addExpense(page, 'Groceries', '45');
    await waiting(page).getByText('Groceries').waitFor();
    await waiting(page).getByText('Waiting to sync').first().waitFor();
    expect(proxy.lost.length).toBeGreaterThanOrEqual(1);
    expect(described(await transactions(ann, group), 'Groceries')).toHaveLength(1);
    proxy.loseAnswers(null);
    await waiting(page).waitFor({ state: 'detached', timeout: 60_000 });
    await activity(page)
      .getByRole('button', { name: /^Groceries/ })
      .waitFor();
    expect(described(await transactions(ann, group), 'Groceries')).toHaveLength(1);

    // 2. Offline: a new expense, a payment, a comment and three edits wait on the device.
    await context.setOffline(true);
    await page.getByText('You’re offline').waitFor();
    await addExpense(page, 'Dinner', '60', {
      name: 'dinner.pdf',
      mimeType: 'application/pdf',
      buffer: receiptPdf(['TASCA DO CHICO', 'Total 60.00']),
    });
    await waiting(page).getByText('Dinner', { exact: true }).waitFor();
    await waiting(page).getByText('Receipt “dinner.pdf” is sent with it.').waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Settle Up' }).click();
    const pay = dialog(page, 'Record a payment');
    await pay.getByLabel('Member').selectOption({ label: 'Bea Costa' });
    await pay.getByRole('button', { name: 'I paid Bea Costa' }).click();
    await pay.getByLabel('Amount (USD)').fill('25');
    await pay.getByRole('button', { name: 'Save Payment' }).click();
    await pay.waitFor({ state: 'detached' });
    await waiting(page).getByText('You paid Bea Costa').waitFor();

    const detail = await openDetail(page, 'Hotel');
    await detail.getByLabel('Add a comment').fill('Booked for two nights');
    await detail.getByRole('button', { name: 'Post' }).click();
    const pendingComment = detail.getByRole('list', { name: 'Comments waiting to sync' });
    await pendingComment.getByText('Booked for two nights').waitFor();
    await pendingComment.getByText('Waiting to sync').waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    await editAmount(page, 'Hotel', '120');
    await editAmount(page, 'Museum', '40');
    await editAmount(page, 'Taxi', '25');
    await waiting(page).getByText('Edit: Taxi').waitFor();
    await page.getByText('6 changes waiting to sync', { exact: true }).waitFor();
    // Screen readers hear it too.
    await page
      .getByRole('status')
      .filter({ hasText: 'Saved on this device. 6 changes waiting to sync.' })
      .waitFor({ state: 'attached' });

    // Meanwhile Bea, online, changes the museum and deletes the taxi.
    await apiCall(server, 'PUT', `/expenses/${String(museum.id)}`, {
      token: bea.token,
      body: {
        description: 'Museum',
        amount: 35,
        groupId: group.id,
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: 35 }],
        splits: [{ userId: ann.id }, { userId: bea.id }],
      },
    });
    await apiCall(server, 'DELETE', `/expenses/${String(taxi.id)}`, { token: bea.token });
    // Nothing of Ann's reached the server yet.
    const before = await transactions(ann, group);
    expect(described(before, 'Dinner')).toHaveLength(0);
    expect(before.filter((t) => t.type === 'payment')).toHaveLength(0);

    // 3. A reload without a network: the app shell, the last synced data and the outbox.
    await page.reload();
    await page.getByRole('heading', { name: 'Lisbon', level: 1 }).waitFor();
    await page.getByText('You’re offline').waitFor();
    await activity(page)
      .getByRole('button', { name: /^Hotel/ })
      .waitFor();
    await page.getByText('6 changes waiting to sync', { exact: true }).waitFor();
    for (const label of ['Dinner', 'You paid Bea Costa', 'Edit: Hotel', 'Edit: Museum']) {
      await waiting(page).getByText(label, { exact: true }).waitFor();
    }
    expect(await waiting(page).getByText('Waiting to sync').count()).toBe(5);

    // 4. Back online: everything is sent once; the two edits overtaken by Bea are conflicts.
    await context.setOffline(false);
    await page.getByText('Someone else changed this expense while you were offline.').waitFor({
      timeout: 60_000,
    });
    await page.getByText('This expense was deleted while you were offline.').waitFor();
    await waiting(page).waitFor({ state: 'detached', timeout: 60_000 });
    const problems = page.getByRole('region', { name: 'Changes not synced' });
    await problems.getByText('Kept: Museum · 35.00 USD').waitFor();
    await problems.getByText('2 changes made offline could not be saved.').waitFor();
    await problems.getByRole('button', { name: 'Apply my version' }).waitFor();
    await problems.getByRole('button', { name: 'Add it again as new' }).waitFor();

    const after = await transactions(ann, group);
    expect(after.filter((t) => t.type === 'expense').map((t) => [t.description, t.amount])).toEqual(
      expect.arrayContaining([
        ['Hotel', 120],
        ['Museum', 35],
        ['Groceries', 45],
        ['Dinner', 60],
      ]),
    );
    expect(after.filter((t) => t.type === 'expense')).toHaveLength(4);
    // The receipt picked offline was uploaded with it.
    expect(described(after, 'Dinner')[0]?.receiptUrl).toMatch(/\/api\/receipts\/files\//);
    const payments = after.filter((t) => t.type === 'payment');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amount: 25,
      paidBy: { id: ann.id },
      paidTo: { id: bea.id },
    });
    const comments = await apiCall<{ content: string }[]>(
      server,
      'GET',
      `/expenses/${String(hotel.id)}/comments`,
      { token: bea.token },
    );
    expect(comments.map((c) => c.content)).toEqual(['Booked for two nights']);
    // Bea owes Ann: 60 (hotel) + 17.50 (museum) + 22.50 (groceries) + 30 (dinner) + 25 (paid).
    const lines = await apiCall<{ otherUser: { id: number }; netAmount: number }[]>(
      server,
      'GET',
      `/balances/group/${String(group.id)}`,
      { token: ann.token },
    );
    expect(lines.map((l) => [l.otherUser.id, l.netAmount])).toEqual([[bea.id, 155]]);

    // Applying Ann's version of the museum over Bea's is her choice, and saved once.
    await problems.getByRole('button', { name: 'Apply my version' }).click();
    await problems
      .getByText('Someone else changed')
      .waitFor({ state: 'detached', timeout: 60_000 });
    // The choice goes through the outbox like any change: read until the server has it.
    await expect
      .poll(async () => described(await transactions(ann, group), 'Museum').map((t) => t.amount))
      .toEqual([40]);
    await problems.getByRole('button', { name: 'Dismiss' }).click();
    await problems.waitFor({ state: 'detached' });
    await context.close();
  });

  it('warns before signing out with changes waiting, and sends them at the next sign-in', async () => {
    const ann = await createUser(server, 'Ann Leave');
    const bea = await createUser(server, 'Bea Leave');
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Faro', [bea]);
    const { context, page } = await openWithServiceWorker(ann, `/app/group/${String(group.id)}`);
    await page.getByRole('heading', { name: 'Faro', level: 1 }).waitFor();

    await context.setOffline(true);
    await page.getByText('You’re offline').waitFor();
    await addExpense(page, 'Taxi', '18.40');
    await waiting(page).getByText('Taxi').waitFor();

    await page.getByRole('link', { name: 'Account' }).first().click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Changes waiting to sync' });
    await warning
      .getByText(
        '1 change saved on this device is still waiting to sync. They stay on this device and are sent when you sign in here again.',
      )
      .waitFor();
    // Cancel keeps the session.
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await warning.getByRole('button', { name: 'Sign out anyway' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await context.setOffline(false);
    expect(described(await transactions(ann, group), 'Taxi')).toHaveLength(0);

    // Signed in again on this device: the waiting expense goes, once.
    await page.getByLabel('Email').fill(ann.email);
    await page.getByLabel('Password', { exact: true }).fill(ann.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(async () => described(await transactions(ann, group), 'Taxi').length, {
        timeout: 30_000,
      })
      .toBe(1);
    expect(described(await transactions(ann, group), 'Taxi')[0]?.amount).toBe(18.4);
    await context.close();
  });

  it('sends the outbox by Background Sync with no page of the app open', async () => {
    const ann = await createUser(server, 'Ann Sync');
    const bea = await createUser(server, 'Bea Sync');
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Porto', [bea]);
    const { context, page } = await openWithServiceWorker(ann, `/app/group/${String(group.id)}`);
    await page.getByRole('heading', { name: 'Porto', level: 1 }).waitFor();
    expect(await page.evaluate(async () => 'sync' in (await navigator.serviceWorker.ready))).toBe(
      true,
    );

    await context.setOffline(true);
    await page.getByText('You’re offline').waitFor();
    await addExpense(page, 'Breakfast', '12.34');
    await waiting(page).getByText('Breakfast').waitFor();

    // Leave the app (a static page of the same site, no app code) and come back online.
    await page.goto(`${proxy.baseUrl}/offline.html`);
    await context.setOffline(false);
    // Chromium may already have fired the sync on its own (it tries a registration at once, and
    // a loaded machine can start the service worker only after the network is back): either
    // way only the service worker can send it now, since no page of the app is open. Never twice.
    expect(described(await transactions(ann, group), 'Breakfast').length).toBeLessThanOrEqual(1);

    // The browser fires the sync event (as it does when the connection returns).
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event: unknown) => {
        const { registrations } = event as {
          registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[];
        };
        const mine = registrations.find((r) => r.scopeURL === `${proxy.baseUrl}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: proxy.baseUrl,
      registrationId: await registrationId,
      tag: 'evenly-outbox',
      lastChance: false,
    });
    await expect
      .poll(async () => described(await transactions(ann, group), 'Breakfast').length, {
        timeout: 30_000,
      })
      .toBe(1);
    const [breakfast] = described(await transactions(ann, group), 'Breakfast');
    expect(breakfast?.amount).toBe(12.34);

    // Back in the app: nothing waits, nothing is sent twice.
    await page.goto(`${proxy.baseUrl}/app/group/${String(group.id)}`);
    await activity(page)
      .getByRole('button', { name: /^Breakfast/ })
      .waitFor();
    expect(await waiting(page).count()).toBe(0);
    expect(described(await transactions(ann, group), 'Breakfast')).toHaveLength(1);
    await context.close();
  });
});
