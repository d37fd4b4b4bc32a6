// Profile and account against the real server (issue #12): name, picture, e-mail change through
// the confirmation mail, support links, deleting an account with open balances, and a server
// that accepts no new accounts.
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  befriend,
  createGroup,
  createUser,
  dialog,
  openAs,
  PASSWORD,
  seeText,
  startAppServer,
  textGone,
} from './support/app';
import { launchBrowser } from './support/browser';
import { waitForMailLink } from './support/outbox';
import type { RunningServer } from './support/server';

const SUPPORT_URL = 'https://support.example.com/evenly';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    // Server start-up (PGlite migrations) is slow on a busy machine: allow for it.
    startAppServer({ SUPPORT_URL }, { timeoutMs: 180_000 }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A 64×48 PNG with two colour bands, made here so the test needs no fixture file. */
function samplePng(): Buffer {
  const png = new PNG({ width: 64, height: 48 });
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const i = (png.width * y + x) << 2;
      png.data[i] = x < 32 ? 220 : 20;
      png.data[i + 1] = 60;
      png.data[i + 2] = x < 32 ? 40 : 200;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const profile = (page: Page) => page.getByRole('region', { name: 'Profile' });

describe('profile', () => {
  it('changes the name: shown on the account page and to a friend', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    const a = await openAs(browser, server, ann, '/app/account', { phone: true });
    await profile(a.page).getByText('Ann Lee').waitFor();

    await a.page.getByRole('button', { name: 'Edit name' }).click();
    const edit = dialog(a.page, 'Edit name');
    await edit.getByLabel('Name').fill('   ');
    await edit.getByRole('button', { name: 'Save name' }).click();
    await edit.getByText('Please enter your name.').waitFor();
    await edit.getByLabel('Name').fill('x'.repeat(101));
    await edit.getByRole('button', { name: 'Save name' }).click();
    await edit.getByText('Name must be at most 100 characters.').waitFor();
    await edit.getByLabel('Name').fill('Ann Marie Lee');
    await edit.getByRole('button', { name: 'Save name' }).click();
    await seeText(a.page, 'Name saved.');
    await profile(a.page).getByText('Ann Marie Lee').waitFor();
    // The stored session follows (a reload keeps the new name).
    await a.page.reload();
    await profile(a.page).getByText('Ann Marie Lee').waitFor();

    const b = await openAs(browser, server, bea, '/app/friends');
    await b.page
      .getByRole('region', { name: 'Your friends', exact: true })
      .getByText('Ann Marie Lee')
      .waitFor();
    await a.context.close();
    await b.context.close();
  });

  it('uploads a picture (served as WebP) and removes it again', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const a = await openAs(browser, server, ann, '/app/account', { phone: true });
    const card = profile(a.page);
    await card.getByRole('button', { name: 'Change picture' }).waitFor();
    expect(await card.locator('img').count()).toBe(0);

    await a.page.locator('[data-testid="avatar-file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: samplePng(),
    });
    await seeText(a.page, 'Picture updated.');
    const img = card.locator('img');
    await img.waitFor();
    const src = await img.getAttribute('src');
    expect(src).toMatch(/^\/api\/users\/\d+\/avatar\?/);
    const response = await fetch(new URL(src ?? '', server.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    // The browser shows it (decoded, 256×256 on the server).
    await expect
      .poll(() => img.evaluate((node) => (node as HTMLImageElement).naturalWidth))
      .toBe(256);

    // Not an image: refused with the API's message.
    await a.page.locator('[data-testid="avatar-file"]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await card.getByText('Please choose an image file (JPEG, PNG, WebP or HEIC).').waitFor();

    await card.getByRole('button', { name: 'Remove picture' }).click();
    await seeText(a.page, 'Picture removed.');
    await img.waitFor({ state: 'detached' });
    await card.getByText('A', { exact: true }).waitFor();
    await a.context.close();
  });

  it('changes the e-mail address through the confirmation mail; the new one signs in', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const newEmail = `ann.new.${Date.now().toString(36)}@example.org`;
    const a = await openAs(browser, server, ann, '/app/account', { phone: true });
    await profile(a.page).getByText(ann.email).waitFor();

    await a.page.getByRole('button', { name: 'Change e-mail' }).click();
    const change = dialog(a.page, 'Change e-mail');
    await change.getByLabel('New e-mail address').fill(newEmail);
    await change.getByLabel('Current password').fill('wrong-password');
    await change.getByRole('button', { name: 'Send confirmation link' }).click();
    await change.getByText('Your current password is incorrect.').waitFor();
    await change.getByLabel('Current password').fill(PASSWORD);
    await change.getByRole('button', { name: 'Send confirmation link' }).click();
    await change.getByText(`We sent a confirmation link to ${newEmail}.`).waitFor();
    await change.getByRole('button', { name: 'Done' }).click();
    await profile(a.page).getByText(`Pending: ${newEmail} — check your inbox`).waitFor();
    // Until confirmed, the old address stays.
    await profile(a.page).getByText(ann.email).waitFor();

    const link = await waitForMailLink(server.outboxDir, newEmail, '/confirm-email');
    await a.page.goto(link);
    await seeText(a.page, `Your email address is now ${newEmail}.`);
    await a.page.getByRole('link', { name: 'Go to your account' }).click();
    await profile(a.page).getByText(newEmail).waitFor();
    await textGone(a.page, /Pending:/);

    await a.page.getByRole('button', { name: 'Sign out' }).click();
    await a.page.waitForURL((url) => url.pathname === '/login');
    await a.page.getByLabel('Email').fill(ann.email);
    await a.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await a.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await a.page.getByRole('alert').waitFor();
    await a.page.getByLabel('Email').fill(newEmail);
    await a.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await a.page.waitForURL((url) => url.pathname.startsWith('/app'));
    await a.page.goto(`${server.baseUrl}/app/account`);
    await profile(a.page).getByText(newEmail).waitFor();
    await a.context.close();
  });

  it('links Feedback, Rate and Contact us to SUPPORT_URL in a new tab', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const a = await openAs(browser, server, ann, '/app/account');
    const support = a.page.getByRole('list', { name: 'Support' });
    for (const name of ['Feedback', 'Rate', 'Contact us']) {
      const link = support.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('href')).toBe(SUPPORT_URL);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    expect(await a.page.getByText('Connected Accounts').count()).toBe(0);
    await a.context.close();
  });

  it('deletes an account with an open balance after confirming; the friend still sees it', async () => {
    const ann = await createUser(server, 'Ann Leaving');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    const group = await createGroup(server, bea, 'Trip', [ann]);
    await addEqualExpense(server, bea, group.id, 'Hotel', 30, [ann, bea]);

    const a = await openAs(browser, server, ann, '/app/account', { phone: true });
    await a.page.getByRole('button', { name: 'Delete account' }).click();
    const confirm = a.page.getByRole('alertdialog', { name: 'Delete account' });
    await confirm.getByLabel('Password', { exact: true }).fill('wrong-password');
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await confirm.getByText('Your current password is incorrect.').waitFor();
    await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await confirm
      .getByText(
        'You still have outstanding balances. Settle up first, or confirm to delete anyway.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete anyway' }).click();
    await seeText(a.page, 'Your account has been deleted.');
    await expect.poll(() => new URL(a.page.url()).pathname).toBe('/');
    expect(await a.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // Signing in again is impossible.
    await a.page.goto(`${server.baseUrl}/login`);
    await a.page.getByLabel('Email').fill(ann.email);
    await a.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await a.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await a.page.getByRole('alert').waitFor();

    const b = await openAs(browser, server, bea, '/app/friends');
    const friends = b.page.getByRole('region', { name: 'Your friends', exact: true });
    const row = friends.getByRole('listitem').filter({ hasText: 'Deleted user' });
    await row.waitFor();
    await row.getByText('owes you').waitFor();
    await row.getByText('$15.00').waitFor();
    await a.context.close();
    await b.context.close();
  });
});

describe('sign-up policy', () => {
  let closed: RunningServer;

  beforeAll(async () => {
    // A second server in this file: give it time on a busy machine.
    closed = await startAppServer({ REGISTRATION: 'closed' }, { timeoutMs: 180_000 });
  });

  afterAll(async () => {
    await closed?.stop();
  });

  it('shows a closed server on the register page and hides the sign-up links', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${closed.baseUrl}/register`);
    await seeText(page, 'This server is not accepting new accounts.');
    expect(await page.getByRole('button', { name: 'Sign up', exact: true }).count()).toBe(0);

    await page.goto(`${closed.baseUrl}/login`);
    await seeText(page, 'Welcome back');
    // The server's settings arrive after the page's first paint: wait for them to hide the link.
    await expect.poll(() => page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);

    await page.goto(`${closed.baseUrl}/`);
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().waitFor();
    // As on the sign-in page, the links go once the server's settings have arrived.
    await expect
      .poll(() => page.getByRole('link', { name: /Sign up|Get Started/i }).count())
      .toBe(0);
    await context.close();

    // And on the open server they are there.
    const open = await browser.newContext({ serviceWorkers: 'block' });
    const openPage = await open.newPage();
    await openPage.goto(`${server.baseUrl}/`);
    await openPage.getByRole('link', { name: 'Get Started' }).waitFor();
    await open.close();
  });
});
