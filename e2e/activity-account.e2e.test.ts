// Activity feed, account page (theme, not-implemented menu items, help, log out) against the
// real server (spec §2 Activity page, Account page, Help; §4 Session, Theme).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  ApiFailure,
  dialog,
  openAs,
  PASSWORD,
  seeText,
  startAppServer,
} from './support/app';
import { launchBrowser } from './support/browser';
import { waitForMailLink } from './support/outbox';
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

async function feed(page: Page): Promise<string[]> {
  const items = page.getByRole('main').getByRole('listitem');
  return (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

describe('activity page', () => {
  it('lists the events newest first with what each means for the user', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Lisbon trip', [bea]);
    await addEqualExpense(server, ann, group.id, 'Dinner', 90, [ann, bea]);
    const lunch = await addEqualExpense(server, bea, group.id, 'Lunch', 30, [ann, bea]);
    await apiCall(server, 'POST', '/payments', {
      body: { paidToUserId: bea.id, amount: 5, groupId: group.id },
      token: ann.token,
    });
    await apiCall(server, 'POST', `/expenses/${lunch.id}/comments`, {
      body: { content: 'Great tapas' },
      token: bea.token,
    });
    await apiCall(server, 'DELETE', `/expenses/${lunch.id}`, { token: bea.token });

    const { page, context } = await openAs(browser, server, ann, '/app/activity');
    await page.getByRole('heading', { name: 'Recent activity', level: 1 }).waitFor();
    await seeText(page, 'You created the group "Lisbon trip"');
    const items = await feed(page);
    expect(items).toHaveLength(7);
    expect(items[0]).toContain('Bea Costa deleted "Lunch" in "Lisbon trip"');
    expect(items[0]).toContain('Your balance +$15.00');
    expect(items[1]).toContain('Bea Costa commented: "Great tapas"');
    expect(items[2]).toContain('You paid Bea Costa in "Lisbon trip"');
    expect(items[2]).toContain('You paid $5.00');
    expect(items[3]).toContain('Bea Costa added "Lunch" in "Lisbon trip"');
    expect(items[3]).toContain('You owe $15.00');
    expect(items[4]).toContain('You added "Dinner" in "Lisbon trip"');
    expect(items[4]).toContain('You get back $45.00');
    expect(items[5]).toContain('You added Bea Costa in "Lisbon trip"');
    expect(items[6]).toContain('You created the group "Lisbon trip"');

    // Group events link to the group.
    await page.getByRole('link', { name: /You added "Dinner"/ }).click();
    await page.waitForURL(`**/app/group/${group.id}`);
    await context.close();

    // Bea received the payment.
    const b = await openAs(browser, server, bea, '/app/activity');
    await seeText(b.page, 'Ann Lee paid you in "Lisbon trip"');
    await seeText(b.page, 'You received $5.00');
    await b.context.close();

    // Items outside groups open the friends page, where those expenses are listed.
    await addEqualExpense(server, bea, null, 'Cinema', 24, [ann, bea]);
    const again = await openAs(browser, server, ann, '/app/activity');
    await again.page.getByRole('link', { name: /Bea Costa added "Cinema"/ }).click();
    await again.page.waitForURL('**/app/friends');
    await again.page
      .getByRole('region', { name: 'Expenses outside groups' })
      .getByRole('button', { name: /Cinema/ })
      .waitFor();
    await again.context.close();
  });

  it('shows an empty state for a new user', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/activity');
    await seeText(page, 'No activity yet');
    await context.close();
  });
});

describe('account page', () => {
  it('shows the user, chooses the theme and keeps it across reloads', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/account');
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await seeText(page, ann.email);
    await page.getByRole('main').getByText('Ann Lee', { exact: true }).waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    // System, Light or Dark (issue #31 point 5); System by default, and the device is light here.
    const themes = page.getByRole('radiogroup', { name: 'Theme' });
    const choose = (name: string) => themes.locator('label', { hasText: name }).click();
    expect(await themes.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    expect(await isDark()).toBe(false);

    await choose('Dark');
    expect(await themes.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(
      await page.evaluate(() =>
        document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      ),
    ).toBe('#0b1210');
    // The page itself is dark (#0b1210), not just the class.
    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    expect(background).toBe('rgb(11, 18, 16)');

    await page.reload();
    await themes.waitFor();
    expect(await themes.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await isDark()).toBe(true);

    await choose('Light');
    expect(await themes.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    expect(await isDark()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
    ).not.toBe(background);
    await context.close();
  });

  it('has no "not implemented" entries left; Notifications opens its settings', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/account');
    const messages: string[] = [];
    page.on('dialog', (d) => {
      messages.push(d.message());
      void d.accept();
    });
    // Scan code opens its dialog; Connected Accounts is gone; without SUPPORT_URL, so are
    // Feedback, Rate and Contact us.
    await page.getByRole('button', { name: 'Scan code', exact: true }).click();
    await page.getByRole('dialog', { name: 'Scan code' }).getByLabel('Paste a link').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Scan code' }).waitFor({ state: 'detached' });
    for (const name of ['Connected Accounts', 'Feedback', 'Rate', 'Contact us']) {
      expect(await page.getByText(name, { exact: true }).count()).toBe(0);
    }
    expect(messages).toEqual([]);

    // Notifications is implemented (issue #11): it opens the settings screen.
    await page
      .getByRole('list', { name: 'Account menu' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/account/notifications');
    await page.goBack();

    await page.getByRole('link', { name: 'Help' }).click();
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    const guides = page
      .getByRole('main')
      .getByRole('link', { name: /Install the app|Scan a receipt/ });
    expect(await guides.count()).toBe(3);
    for (const target of await guides.evaluateAll((links) =>
      links.map((l) => l.getAttribute('target')),
    )) {
      expect(target).toBe('_blank');
    }
    await context.close();
  });

  it('logs out through the UI and keeps protected pages closed afterwards', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(ann.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app/' || url.pathname === '/app');
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo'))) ?? '{}'),
    ).toEqual({
      id: ann.id,
      name: 'Ann Lee',
      email: ann.email,
    });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Account' })
      .click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('authToken'),
        localStorage.getItem('userInfo'),
      ]),
    ).toEqual([null, null]);
    await page.goto(`${server.baseUrl}/app/groups`);
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('passwords', () => {
  it('resets a forgotten password through the mailed link', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: /forgot/i }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await seeText(page, 'Please enter your email address.');
    await page.getByLabel('Email').fill(ann.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await seeText(
      page,
      'If an account exists for this email, a password reset link has been sent.',
    );

    const link = await waitForMailLink(server.outboxDir, ann.email, '/reset-password');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('other');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await seeText(page, 'Password must be at least 6 characters long.');
    await seeText(page, 'Passwords do not match.');
    await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Confirm new password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await seeText(
      page,
      'Password has been successfully reset. You can now log in with your new password.',
    );
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ann.email);
    await page.getByLabel('Password', { exact: true }).fill('new-secret-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();

    // The link is single use.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    await page.getByLabel('New password', { exact: true }).fill('another-1');
    await page.getByLabel('Confirm new password').fill('another-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await seeText(page, 'The reset link is invalid or has expired.');
    await context.close();
  });

  it('changes the password from Security and stays signed in', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/account');
    await page.getByRole('button', { name: 'Security' }).click();
    const modal = dialog(page, 'Security: change password');
    await modal.getByLabel('Current password').fill('wrong-password');
    await modal.getByLabel('New password', { exact: true }).fill('changed-123');
    await modal.getByLabel('Confirm new password').fill('changed-123');
    await modal.getByRole('button', { name: 'Change password' }).click();
    await modal.getByText('Your current password is incorrect.').waitFor();
    await modal.getByLabel('Current password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Change password' }).click();
    await seeText(page, 'Password changed.');
    await modal.waitFor({ state: 'detached' });

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).not.toBe(ann.token);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Groups' })
      .click();
    await seeText(page, 'You are all settled up!');
    // The token from before the change no longer works.
    const old = await apiCall(server, 'GET', '/auth/me', { token: ann.token }).catch(
      (e: unknown) => e,
    );
    expect(old instanceof ApiFailure ? old.status : null).toBe(401);
    await context.close();
  });
});

describe('time zone', () => {
  it('takes the browser’s at sign-in and changes on the account page', async () => {
    const ann = await createUser(server, 'Ann Tz');
    const zone = async () =>
      (await apiCall<{ timeZone: string | null }>(server, 'GET', '/auth/me', { token: ann.token }))
        .timeZone;
    expect(await zone()).toBeNull();
    const { context, page } = await openAs(browser, server, ann, '/app/account', {
      timezoneId: 'Asia/Tokyo',
    });
    await expect.poll(zone).toBe('Asia/Tokyo');
    const select = page.getByRole('combobox', { name: 'Time zone' });
    await expect.poll(() => select.inputValue()).toBe('Asia/Tokyo');
    await select.selectOption('Europe/Lisbon');
    await seeText(page, 'Time zone set to Europe/Lisbon');
    expect(await zone()).toBe('Europe/Lisbon');
    // A zone the person chose is kept on the next visit, whatever the browser says.
    await page.reload();
    await expect.poll(() => select.inputValue()).toBe('Europe/Lisbon');
    expect(await zone()).toBe('Europe/Lisbon');
    await context.close();
  });
});
