// OpenID Connect sign-in in Chromium against a real provider (oidc-provider, started here, with
// its own sign-in page): the first sign-in creates the account and lands in the app; a callback
// that is not this browser's (refused state), a cancelled sign-in and an unverified address
// for an existing account end on the sign-in page with the reason; a verified one links.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcErrorMessage } from '@evenly/core';
import { startTestProvider } from '../apps/api/test/support/oidc-provider';
import type { TestProvider } from '../apps/api/test/support/oidc-provider';
import { apiCall, createUser } from './support/app';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import {
  freePort,
  type RunningServer,
  serverIsBuilt,
  SERVER_ENTRY,
  startServer,
} from './support/server';

const built = serverIsBuilt();
if (!built) console.warn(`[e2e] ${SERVER_ENTRY} not built: OpenID Connect flows skipped.`);

const PROVIDER = 'Test ID';

describe.skipIf(!built)('sign-in with an OpenID Connect provider', () => {
  let browser: Browser;
  let server: RunningServer;
  let provider: TestProvider;

  beforeAll(async () => {
    browser = await launchBrowser();
    // The provider must know the callback URL, so the server's port is chosen first.
    const port = await freePort();
    provider = await startTestProvider(`http://127.0.0.1:${port}/api/auth/oidc/callback`);
    server = await startServer({ port, env: provider.env });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  async function openSignIn(): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    return page;
  }

  /** Clicks the button, then picks `account` at the provider and continues (or cancels). */
  async function throughProvider(page: Page, account: string | 'cancel'): Promise<void> {
    await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
    await page.getByRole('heading', { name: 'Test provider sign-in' }).waitFor();
    if (account === 'cancel') {
      await page.getByRole('button', { name: 'Cancel' }).click();
      return;
    }
    await page.getByLabel('Account').selectOption(account);
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('creates the account on the first sign-in and lands in the app signed in', async () => {
    provider.accounts.set('olga', {
      email: 'olga@example.com',
      emailVerified: true,
      name: 'Olga Orr',
    });
    const page = await openSignIn();
    // The password form stays (OIDC_ONLY is off) below the provider's button.
    await page.getByLabel('Password', { exact: true }).waitFor();
    await throughProvider(page, 'olga');
    await page.waitForURL((url) => url.pathname.startsWith('/app'));
    await page.getByRole('heading', { name: 'Groups' }).waitFor();
    // The one-time code is out of the address and the history.
    expect(await page.evaluate(() => window.location.search)).toBe('');
    const token = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(token).toContain('olga@example.com');
  });

  it('refuses a callback this browser did not start', async () => {
    const page = await openSignIn();
    await page.goto(`${server.baseUrl}/api/auth/oidc/callback?code=stolen&state=someone-elses`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page
      .getByRole('alert')
      .getByText(oidcErrorMessage('OIDC_STATE_REFUSED', PROVIDER))
      .waitFor();
  });

  it('says so when the person cancels at the provider', async () => {
    const page = await openSignIn();
    await throughProvider(page, 'cancel');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('alert').getByText(oidcErrorMessage('OIDC_CANCELLED', PROVIDER)).waitFor();
  });

  it('links an existing account only once the provider vouches for the address', async () => {
    const existing = await createUser(server, 'Paula Password');
    provider.accounts.set('paula', { email: existing.email, emailVerified: false, name: 'P' });
    const page = await openSignIn();
    await throughProvider(page, 'paula');
    await page.waitForURL((url) => url.pathname === '/login');
    await page
      .getByRole('alert')
      .getByText(oidcErrorMessage('OIDC_EMAIL_UNVERIFIED', PROVIDER))
      .waitFor();

    // Another browser, so the provider asks again (it remembers who signed in there).
    provider.accounts.set('paula', { email: existing.email, emailVerified: true, name: 'P' });
    const again = await openSignIn();
    await throughProvider(again, 'paula');
    await again.waitForURL((url) => url.pathname.startsWith('/app'));
    await again.getByRole('heading', { name: 'Groups' }).waitFor();
    // Signed in as the existing account, which keeps its name and its password.
    const stored = await again.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).toContain('Paula Password');
    await apiCall(server, 'POST', '/auth/login', {
      body: { email: existing.email, password: existing.password },
    });
  });
});
