// Friend links and QR codes against the real server (issue #12): the app draws my friend link as
// a QR code, the test decodes the picture and opens the link as someone else; Scan code accepts
// a pasted link; own links, existing friends, replaced links and signed-out visitors.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createUser,
  dialog,
  openAs,
  PASSWORD,
  seeText,
  startAppServer,
  type TestUser,
} from './support/app';
import { launchBrowser } from './support/browser';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    // Server start-up (PGlite migrations) is slow on a busy machine: allow for it.
    startAppServer({}, { timeoutMs: 180_000 }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const friendsRegion = (page: Page) =>
  page.getByRole('region', { name: 'Your friends', exact: true });

/** Reads the QR code shown on the page: an element screenshot decoded with pngjs + jsQR. */
async function decodeQr(page: Page, name: string): Promise<string> {
  const image = page.getByRole('img', { name });
  await image.waitFor();
  await expect
    .poll(() => image.locator('img').evaluate((n) => (n as HTMLImageElement).complete))
    .toBe(true);
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('The QR code on the page could not be decoded.');
  return code.data;
}

async function friendLinkOf(user: TestUser): Promise<string> {
  const link = await apiCall<{ url: string }>(server, 'GET', '/friend-link', {
    token: user.token,
  });
  return link.url;
}

describe('friend link', () => {
  it('shows my friend link as a QR code that another person scans to become my friend', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    const a = await openAs(browser, server, ann, '/app/account', { phone: true });
    await a.page.getByRole('button', { name: 'My friend code' }).click();
    const code = dialog(a.page, 'My friend code');
    const shown = await code.getByRole('textbox', { name: 'Your friend link' }).inputValue();
    expect(shown).toMatch(new RegExp(`^${server.baseUrl}/add-friend/[A-Za-z0-9_-]+$`));

    const decoded = await decodeQr(a.page, 'QR code for your friend link');
    expect(decoded).toBe(shown);

    // Bea "scans" it: opens the decoded URL in her own browser.
    const b = await openAs(browser, server, bea, '/app/friends', { phone: true });
    await b.page.goto(decoded);
    await b.page.getByRole('heading', { name: 'Ann Lee' }).waitFor();
    await b.page.getByRole('button', { name: 'Add Ann Lee as a friend' }).click();
    await seeText(b.page, 'You and Ann Lee are now friends.');
    await expect.poll(() => new URL(b.page.url()).pathname).toBe('/app/friends');
    await friendsRegion(b.page).getByText('Ann Lee').waitFor();

    await a.page.goto(`${server.baseUrl}/app/friends`);
    await friendsRegion(a.page).getByText('Bea Costa').waitFor();

    // Opening it again: already friends.
    await b.page.goto(decoded);
    await seeText(b.page, 'You and Ann Lee are already friends.');
    expect(await b.page.getByRole('button', { name: /as a friend/ }).count()).toBe(0);
    await a.context.close();
    await b.context.close();
  });

  it('tells me when I open my own link', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const url = await friendLinkOf(ann);
    const a = await openAs(browser, server, ann, new URL(url).pathname);
    await seeText(a.page, 'This is your own friend link.');
    expect(await a.page.getByRole('button', { name: /as a friend/ }).count()).toBe(0);
    await a.context.close();
  });

  it('opens a pasted link from Scan code, and refuses other links', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    const url = await friendLinkOf(ann);
    const b = await openAs(browser, server, bea, '/app/account', { phone: true });
    await b.page.getByRole('button', { name: 'Scan code' }).click();
    const scan = dialog(b.page, 'Scan code');
    // Headless Chromium has no camera: the dialog says so and keeps the paste field.
    await scan.getByLabel('Paste a link').waitFor();
    await scan.getByLabel('Paste a link').fill('https://example.com/somewhere');
    await scan.getByRole('button', { name: 'Open link' }).click();
    await scan.getByText('That code is not an Evenly invite.').waitFor();

    await scan.getByLabel('Paste a link').fill(url);
    await scan.getByRole('button', { name: 'Open link' }).click();
    await scan.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(b.page.url()).pathname).toBe(new URL(url).pathname);
    await b.page.getByRole('button', { name: 'Add Ann Lee as a friend' }).click();
    await seeText(b.page, 'You and Ann Lee are now friends.');
    await friendsRegion(b.page).getByText('Ann Lee').waitFor();
    await b.context.close();
  });

  it('replaces the link: the old one stops working', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    const a = await openAs(browser, server, ann, '/app/account');
    await a.page.getByRole('button', { name: 'My friend code' }).click();
    const code = dialog(a.page, 'My friend code');
    const field = code.getByRole('textbox', { name: 'Your friend link' });
    await expect.poll(() => field.inputValue()).toMatch(/\/add-friend\//);
    const old = await field.inputValue();
    await code.getByRole('button', { name: 'Get a new link' }).click();
    await a.page
      .getByRole('alertdialog', { name: 'Get a new link?' })
      .getByRole('button', { name: 'Get a new link' })
      .click();
    await seeText(a.page, 'New link created. The old one no longer works.');
    await expect.poll(() => field.inputValue()).not.toBe(old);
    const fresh = await field.inputValue();
    expect(await decodeQr(a.page, 'QR code for your friend link')).toBe(fresh);

    const b = await openAs(browser, server, bea, new URL(old).pathname);
    await seeText(b.page, 'This friend link is invalid or has been replaced.');
    await b.page.goto(fresh);
    await b.page.getByRole('button', { name: 'Add Ann Lee as a friend' }).waitFor();
    await a.context.close();
    await b.context.close();
  });

  it('sends a signed-out visitor to the login page and back to the link', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    const url = await friendLinkOf(ann);
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByLabel('Email').fill(bea.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Add Ann Lee as a friend' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(url).pathname);
    await context.close();
  });

  it('keeps the way back through sign-up: register, sign in, return to the link', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const url = await friendLinkOf(ann);
    const path = new URL(url).pathname;
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((u) => u.pathname === '/register');
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    const email = `cleo.${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Name').fill('Cleo Park');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Add Ann Lee as a friend' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    // A `next` pointing elsewhere is ignored.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.baseUrl}/login?next=${encodeURIComponent('https://evil.example/')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/app'));
    expect(new URL(page.url()).origin).toBe(server.baseUrl);
    await context.close();
  });
});
