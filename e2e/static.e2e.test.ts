// E2E tests that need only the built web app (apps/web/dist), served statically.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { useMockApi } from './support/mockApi';
import { startStaticServer, type StaticServer } from './support/staticServer';

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startStaticServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, options: { mock?: boolean; phone?: boolean } = {}) {
  const context: BrowserContext = await browser.newContext({
    serviceWorkers: 'block',
    viewport: options.phone ? PHONE_VIEWPORT : { width: 1280, height: 800 },
    hasTouch: options.phone ?? false,
    isMobile: options.phone ?? false,
  });
  if (options.mock) await useMockApi(context);
  const page: Page = await context.newPage();
  await page.goto(server.baseUrl + path);
  return { page, context };
}

describe('landing page', () => {
  it('shows the product as it is, its screenshots, how to run it, and the entry points', async () => {
    const { page, context } = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Evenly');
    const features = page.getByRole('region', { name: 'What it does' });
    for (const title of [
      'Groups and friends',
      'Four ways to split',
      'Several payers',
      'Any currency',
      'Receipt scanning',
      'Recurring expenses',
      'Guests and invite links',
      'Notifications',
      'Installs like an app',
    ]) {
      await features.getByRole('heading', { name: title, level: 3 }).waitFor();
    }
    // No development roadmap any more (issue #13 point 7).
    for (const gone of ['In development', 'Future roadmap', 'Budgeting', 'Frontend UI']) {
      expect(await page.getByText(gone).count(), gone).toBe(0);
    }
    // Screenshots: lazy WebP images from the build's hashed assets, fetched once scrolled near.
    const shots = page.getByRole('img');
    expect(await shots.count()).toBeGreaterThanOrEqual(5);
    for (const img of await shots.all()) {
      expect(await img.getAttribute('loading')).toBe('lazy');
      // Written relative to <base href> (one build serves any BASE_PATH): check where it leads.
      expect(await img.evaluate((el: HTMLImageElement) => new URL(el.src).pathname)).toMatch(
        /^\/assets\/.+\.webp$/,
      );
      expect(await img.getAttribute('alt')).toBeTruthy();
    }
    const phones = page.getByRole('region', { name: 'On your phone' });
    await phones.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        phones
          .getByRole('img')
          .first()
          .evaluate((el: HTMLImageElement) => el.naturalWidth),
      )
      .toBe(440);
    // How to run your own: the README's two commands and the README itself.
    const selfHost = page.getByRole('region', { name: 'Run your own' });
    await selfHost.getByText(/npm install && npm start/).waitFor();
    await selfHost.getByText(/npm test/).waitFor();
    expect(await selfHost.getByRole('link', { name: /Read the README/ }).getAttribute('href')).toBe(
      '/README.md',
    );
    const readme = await page.request.get(`${server.baseUrl}/README.md`);
    expect(readme.status()).toBe(200);
    expect(await readme.text()).toContain('npm install && npm start');
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBeGreaterThan(
      0,
    );
    expect(await page.getByRole('link', { name: 'Sign up', exact: true }).count()).toBe(1);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await context.close();
  });

  it('offers the install guide with Android and iOS links', async () => {
    const { page, context } = await open('/');
    await page.getByRole('button', { name: 'Install app' }).click();
    expect(await page.getByRole('link', { name: /Android guide/ }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(await page.getByRole('link', { name: /iOS guide/ }).count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: /Android guide/ }).count()).toBe(0);
    await context.close();
  });

  it('keeps the chosen theme across reloads (localStorage "theme")', async () => {
    const { page, context } = await open('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      false,
    );
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await context.close();
  });
});

describe('routing', () => {
  it('shows the global 404 page for unknown paths', async () => {
    const { page, context } = await open('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    await context.close();
  });

  it('sends signed-out visitors of protected pages to /login', async () => {
    for (const path of ['/app', '/app/friends', '/app/group/7', '/app/expense/new']) {
      const { page, context } = await open(path);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await context.close();
    }
  });

  it('shows the in-app 404 with a link back to /app for unknown /app paths', async () => {
    const { page, context } = await open('/app/definitely-not-here', { mock: true });
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe(
      '/app',
    );
    await context.close();
  });

  it('sends a signed-in visitor of /login to /app', async () => {
    const { page, context } = await open('/login', { mock: true });
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { name: 'Groups' }).waitFor();
    await context.close();
  });

  it('shows "Invalid Group ID." for a non-numeric group id', async () => {
    const { page, context } = await open('/app/group/abc', { mock: true });
    await page.getByText('Error: Invalid Group ID.').waitFor();
    await context.close();
  });
});

describe('forms without a server', () => {
  it('validates registration on the client with the spec messages', async () => {
    const { page, context } = await open('/register');
    await page.getByLabel('Name').fill('Ann');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm password').fill('456');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();
    await page.getByText('Passwords do not match.').waitFor();
    await context.close();
  });

  it('reports a missing reset token', async () => {
    const { page, context } = await open('/reset-password');
    await page
      .getByText('This password reset link is incomplete. Please check the link in your email.')
      .waitFor();
    await context.close();
  });

  it('reports a missing verification token and offers the resend form', async () => {
    const { page, context } = await open('/verify-email');
    await page
      .getByText('Verification token missing. Please check the link in your email.')
      .waitFor();
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await page.getByText('Please enter your email address.').waitFor();
    await context.close();
  });
});

describe('phone-sized viewport', () => {
  it('fits the screen, shows the bottom navigation and keeps touch targets at least 44 px', async () => {
    const { page, context } = await open('/app/groups', { mock: true, phone: true });
    await page.getByText('Lisbon trip').waitFor();
    // The page scrolls inside the app's <main>: neither it nor the document is wider than the screen.
    const overflow = await page.evaluate(() =>
      Math.max(
        document.documentElement.scrollWidth - window.innerWidth,
        ...Array.from(document.querySelectorAll('main'), (el) => el.scrollWidth - el.clientWidth),
      ),
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Friends', 'Groups', 'Add Expense', 'Activity', 'Account']) {
      const box = await nav.getByRole('link', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    const small = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('main button, main a, nav a'))
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.height < 44 || r.width < 44)).length,
    );
    expect(small).toBe(0);
    await context.close();
  });

  it('shows group cards with at most two balance lines and the rest summarised', async () => {
    const { page, context } = await open('/app/groups', { mock: true, phone: true });
    await page.getByText('Plus 1 more balance').waitFor();
    await page.getByText('Overall, you are owed $49.75').waitFor();
    expect(await page.getByText('Settled up').count()).toBe(1);
    await context.close();
  });
});
