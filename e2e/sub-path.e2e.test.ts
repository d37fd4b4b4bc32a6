// A sub-path deployment (BASE_PATH=/evenly, docs/operations.md): the built app behind a real
// nginx at /evenly/, which passes the prefix through to the server. Sign-up with the mailed
// verification link, sign-in, a group and an expense in the app, seen live by a group-mate in
// another browser; the service worker and the web app manifest stay under /evenly/.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, befriend, dialog, openAs, seeText, type TestUser } from './support/app';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { startNginx, type RunningNginx } from './support/nginx';
import { waitForMailLink } from './support/outbox';
import { freePort, startServer, type RunningServer } from './support/server';

const PREFIX = '/evenly';
const PASSWORD = 'secret123';

let browser: Browser;
let server: RunningServer;
let nginx: RunningNginx;
/** The app as its users reach it: through nginx, under the prefix (what apiCall and openAs use). */
let app: RunningServer;

beforeAll(async () => {
  // The proxy's port first: the server's APP_URL (mail links) names it.
  const proxyPort = await freePort();
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      requireEmailVerification: true,
      env: {
        BASE_PATH: PREFIX,
        APP_URL: `http://127.0.0.1:${proxyPort}`,
        TRUST_PROXY: 'true',
      },
    }),
  ]);
  nginx = await startNginx({ prefix: PREFIX, upstreamPort: server.port, port: proxyPort });
  app = { ...server, baseUrl: `${nginx.origin}${PREFIX}` };
});

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  await server?.stop();
});

/** Verifies `email` through the link of its verification mail (as the person would). */
async function verifiedLink(email: string): Promise<string> {
  const link = await waitForMailLink(server.outboxDir, email, '/verify-email');
  // The mail names the address people use: the proxy, under the prefix.
  expect(link.startsWith(`${nginx.origin}${PREFIX}/verify-email?token=`)).toBe(true);
  return link;
}

/** A second person, registered and verified through the API behind the proxy. */
async function createVerifiedUser(name: string, email: string): Promise<TestUser> {
  await apiCall(app, 'POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  const token = new URL(await verifiedLink(email)).searchParams.get('token') ?? '';
  // Answers a sentence (text/plain), not JSON.
  const verify = await fetch(`${app.baseUrl}/api/auth/verify?token=${encodeURIComponent(token)}`);
  expect(verify.status).toBe(200);
  const login = await apiCall<{ token: string; id: number }>(app, 'POST', '/auth/login', {
    body: { email, password: PASSWORD },
  });
  return { id: login.id, name, email, password: PASSWORD, token: login.token };
}

describe('behind nginx at /evenly/', () => {
  it('answers only under the prefix', async () => {
    expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);
    // nginx proxies nothing else; the server itself redirects its root to the prefix.
    expect((await fetch(`${nginx.origin}/api/health`)).status).toBe(404);
    const root = await fetch(`${server.baseUrl}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe(`${PREFIX}/`);
  });

  it('signs up, signs in, adds a group and an expense a group-mate sees live', async () => {
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/register`);
    await page.getByLabel('Name').fill('Ann Lee');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page
      .getByText('Registration successful! Please check your email to verify your account.')
      .waitFor();
    await page.waitForURL(`${app.baseUrl}/login`, { timeout: 10_000 });

    await page.goto(await verifiedLink('ann@example.com'));
    await page.getByText('Email successfully verified. You can now log in.').waitFor();
    await page.getByRole('link', { name: 'Continue to sign in' }).click();
    await page.waitForURL(`${app.baseUrl}/login`);
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('You are all settled up!').waitFor();
    expect(new URL(page.url()).pathname.startsWith(`${PREFIX}/app`)).toBe(true);

    await page.getByRole('button', { name: 'Create group' }).first().click();
    await page.getByLabel('Group name').fill('Lisbon trip');
    await page.getByRole('button', { name: 'Create Group', exact: true }).click();
    await page.waitForURL(new RegExp(`^${app.baseUrl}/app/group/\\d+$`));
    const groupId = Number(/\/app\/group\/(\d+)$/.exec(page.url())?.[1]);

    // Bea joins: a friend of Ann's, added to the group (API set-up, through the proxy too).
    const ann: TestUser = {
      id: 0,
      name: 'Ann Lee',
      email: 'ann@example.com',
      password: PASSWORD,
      token: (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '',
    };
    const bea = await createVerifiedUser('Bea Costa', 'bea@example.com');
    await befriend(app, ann, bea);
    await apiCall(app, 'POST', `/groups/${groupId}/members`, {
      body: { memberIds: [bea.id] },
      token: ann.token,
    });

    const b = await openAs(browser, app, bea, `/app/group/${groupId}`);
    await b.page.getByText('No expenses or payments yet.').waitFor();
    await b.liveEventsOpened();
    await b.page.evaluate(() => {
      document.documentElement.dataset.e2eMark = 'still-here';
    });

    await page.reload();
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Dinner');
    await form.getByLabel(/^Amount/).fill('90');
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await seeText(page, 'Expense added!');

    // Bea's open page follows through the proxy's event stream, without a reload.
    await b.page
      .getByRole('region', { name: 'Group Activity' })
      .getByRole('button', { name: /Dinner/ })
      .getByText('you borrowed $45.00')
      .waitFor();
    await b.page.getByText('you owe Ann Lee $45.00').waitFor();
    expect(await b.page.evaluate(() => document.documentElement.dataset.e2eMark)).toBe(
      'still-here',
    );
    await b.context.close();
    await context.close();
  });

  it('keeps the service worker and the web app manifest under the prefix', async () => {
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL ?? null };
    });
    expect(worker).toEqual({ scope: `${app.baseUrl}/`, script: `${app.baseUrl}/sw.js` });

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
    };
    expect(manifest.url).toBe(`${app.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const body = (await (await fetch(manifest.url)).json()) as {
      start_url: string;
      scope: string;
      icons: { src: string }[];
    };
    expect(body.start_url).toBe(`${PREFIX}/app`);
    expect(body.scope).toBe(`${PREFIX}/`);
    for (const icon of body.icons) {
      expect(icon.src.startsWith(`${PREFIX}/`), icon.src).toBe(true);
      expect((await fetch(new URL(icon.src, nginx.origin))).status, icon.src).toBe(200);
    }

    // Controlled by the worker, a page of the app opens from its precached shell.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${app.baseUrl}/sw.js`,
    );
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // The worker's last resort, the offline page, leads back into the app under the prefix.
    await page.goto(`${app.baseUrl}/offline.html`);
    const tryAgain = page.getByRole('link', { name: 'Try again' });
    expect(await tryAgain.evaluate((a) => (a as HTMLAnchorElement).href)).toBe(
      `${app.baseUrl}/app`,
    );
    await context.close();
  });
});
