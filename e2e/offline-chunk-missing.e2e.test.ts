// A part of the app that cannot be fetched must not take the page down: offline before the
// service worker holds every file (its first visit, or the worker blocked as here), the toasts'
// chunk fails to load at the first toast. It used to throw through the whole app and leave a
// blank page; the toasts now fall back to plain lines and the page stays (seen in CI as the a11y
// audit's offline screen going blank under load, when the chunk had not loaded before).
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { addOfflineExpense } from './support/a11y-screen';
import { useMockApi } from './support/mockApi';
import { startStaticServer } from './support/staticServer';

/**
 * Runs `body` on a phone-sized page of the built app on the mock API, with the service worker
 * blocked (so nothing is cached ahead); no uncaught page error may happen meanwhile.
 */
async function onAppPage(body: (page: Page, baseUrl: string) => Promise<void>): Promise<void> {
  const browser = await launchBrowser();
  const server = await startStaticServer();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: PHONE_VIEWPORT });
    await useMockApi(context, 'system');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await body(page, server.baseUrl);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

it('keeps the page and says what happened when the toasts’ chunk cannot be fetched', async () => {
  await onAppPage(async (page, baseUrl) => {
    await page.goto(`${baseUrl}/app/group/7`);
    await page.getByText('Dinner at Time Out Market').waitFor();
    await page.context().setOffline(true);
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.route('**/assets/ToastCards-*.js', (route) => route.abort('internetdisconnected'));
    await page.getByText('You’re offline').waitFor();
    await addOfflineExpense(page, 'Tram tickets');
    // The toast itself (the offline panel's own line says "Saved on this device. 1 change…").
    await page.getByText('Saved on this device — waiting to sync.', { exact: false }).waitFor();
    await page.getByRole('list', { name: 'Waiting to sync' }).getByText('Tram tickets').waitFor();
    await page.getByText('1 change waiting to sync', { exact: true }).waitFor();
    expect(await page.getByText('Dinner at Time Out Market').isVisible()).toBe(true);
  });
});

// A screen whose own code cannot be fetched (offline before the worker holds it, or a deploy
// that removed the old files) used to unmount the whole app: a blank page. The screen now says
// what happened inside the app's frame, whose navigation still works.
it('shows a screen that cannot be fetched as an error inside the app, not a blank page', async () => {
  await onAppPage(async (page, baseUrl) => {
    await page.route('**/assets/HelpPage-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl}/app/group/7`);
    await page.getByText('Dinner at Time Out Market').waitFor();
    await page.goto(`${baseUrl}/app/help`);
    const alert = page.getByRole('alert').filter({ hasText: 'This screen couldn’t be loaded' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Try again' }).waitFor();
    // The frame around it stays: the navigation leads on to a screen that loads.
    await page.getByRole('link', { name: 'Groups' }).first().click();
    await page.getByRole('heading', { name: 'This screen couldn’t be loaded' }).waitFor({
      state: 'detached',
    });
    await page
      .getByText('Dinner at Time Out Market')
      .or(page.getByRole('heading', { name: 'Groups' }))
      .first()
      .waitFor();
  });
});
