// The admin area against the real server (issue #34 point 2): an administrator named by
// ADMIN_EMAILS finds a person and disables them (their open session is thrown out on its next
// request and sign-in says why), closes registration (the register page refuses), and sees both
// actions in the audit log.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestUser } from './support/app';
import { PASSWORD, apiCall, createUser, openAs, seeText, startAppServer } from './support/app';
import { launchBrowser } from './support/browser';
import type { RunningServer } from './support/server';

const ADMIN_EMAIL = 'ada.admin@example.com';

let browser: Browser;
let server: RunningServer;
let ada: TestUser;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startAppServer({ ADMIN_EMAILS: ADMIN_EMAIL }, { timeoutMs: 180_000 }),
  ]);
  await apiCall(server, 'POST', '/auth/register', {
    body: { name: 'Ada Admin', email: ADMIN_EMAIL, password: PASSWORD },
  });
  const login = await apiCall<{ token: string; id: number }>(server, 'POST', '/auth/login', {
    body: { email: ADMIN_EMAIL, password: PASSWORD },
  });
  ada = {
    id: login.id,
    name: 'Ada Admin',
    email: ADMIN_EMAIL,
    password: PASSWORD,
    token: login.token,
  };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin area', () => {
  it('disables a person, closes registration and shows both in the audit log', async () => {
    const bob = await createUser(server, 'Bob Stone');
    // Bob is signed in, his groups page open.
    const b = await openAs(browser, server, bob, '/app/groups', { phone: true });
    await b.page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();

    // Ada reaches the admin area from the side navigation.
    const a = await openAs(browser, server, ada, '/app/groups', { desktop: true });
    await a.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin', exact: true })
      .click();
    await a.page.getByRole('heading', { name: 'People' }).waitFor();

    const search = a.page.getByRole('searchbox', { name: 'Search by name or e-mail' });
    await search.fill('bob stone');
    await search.press('Enter');
    const people = a.page.getByRole('list', { name: 'People' });
    await people.getByText(bob.email).waitFor();
    await people.getByText(ADMIN_EMAIL).waitFor({ state: 'detached' });

    await a.page.getByLabel('Actions for Bob Stone').selectOption('disable');
    const confirm = a.page.getByRole('alertdialog', { name: 'Disable this account?' });
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await seeText(a.page, 'Account disabled');
    await people.getByText('Disabled', { exact: true }).waitFor();

    // Bob's next request is refused: the app drops the session and shows the sign-in page.
    await b.page.getByRole('link', { name: 'Friends' }).first().click();
    await b.page.waitForURL(/\/login/);
    await b.page.getByLabel('Email').fill(bob.email);
    await b.page.getByLabel('Password').fill(PASSWORD);
    await b.page.getByRole('button', { name: /^(Sign in|Log in)$/ }).click();
    await seeText(b.page, 'This account has been disabled by an administrator of this server.');

    // Registration closed at run time: the register page refuses.
    await a.page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Registration' })
      .click();
    await a.page.getByRole('radio', { name: /Closed/ }).check();
    await seeText(a.page, 'Registration is Closed now');
    const visitor = await browser.newContext({ serviceWorkers: 'block' });
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/register`);
    await seeText(page, 'This server is not accepting new accounts.');
    await visitor.close();

    // Both actions are in the audit log, newest first.
    await a.page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    const log = a.page.getByRole('list', { name: 'Audit log' });
    await log.getByText('Ada Admin changed registration (open → closed)').waitFor();
    await log.getByText(`Ada Admin disabled ${bob.email}`).waitFor();

    await a.context.close();
    await b.context.close();
  });
});
