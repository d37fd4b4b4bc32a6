// Expense search against the real server (issue #14 point 2): from a group page, a misspelled,
// unaccented query finds the expense; a filter narrows the results; a result opens the expense's
// details. Then the search across everything, from the Activity page, on a phone, with the
// keyboard only, finds a non-group expense by a word of its comment and opens it on the friend's
// page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  openAs,
  startAppServer,
} from './support/app';
import { launchBrowser } from './support/browser';
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

describe('search', () => {
  it('finds a misspelled expense in a group, filters, and opens it', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Flat 3B', [bea]);
    await addEqualExpense(server, ann, group.id, 'Café crème at Müller', 7.5, [ann, bea]);
    await addEqualExpense(server, bea, group.id, 'Pizza night', 42, [ann, bea]);
    await addEqualExpense(server, ann, group.id, 'Pizza lunch', 12, [ann, bea]);
    await addEqualExpense(server, ann, group.id, 'Groceries', 80, [ann, bea]);

    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      desktop: true,
    });
    await page.getByRole('heading', { name: 'Flat 3B', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Search this group’s expenses' }).click();
    await page.getByRole('heading', { name: 'Search in Flat 3B', level: 1 }).waitFor();

    const results = page.getByRole('list', { name: 'Results' });
    const box = page.getByRole('searchbox', { name: 'Search text' });
    // Typos and no accents: "piza" finds both pizzas, "cafe creme" the café.
    await box.fill('piza');
    await expect
      .poll(async () => (await results.getByRole('link').allTextContents()).join(' | '))
      .toMatch(/Pizza lunch.*\| .*Pizza night|Pizza night.*\| .*Pizza lunch/);
    await box.fill('cafe creme');
    await results.getByRole('link', { name: /Café crème at Müller/ }).waitFor();
    await expect.poll(() => results.getByRole('link').count()).toBe(1);

    // A filter: pizzas of at least 20 only.
    await box.fill('piza');
    await results.getByRole('link', { name: /Pizza lunch/ }).waitFor();
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByLabel('Min amount').fill('20');
    await expect.poll(() => results.getByRole('link').count()).toBe(1);
    await results.getByRole('link', { name: /Pizza night/ }).waitFor();
    await page.getByText('1 expense found').waitFor();

    // Opening it shows its details in its group.
    await results.getByRole('link', { name: /Pizza night/ }).click();
    const details = dialog(page, 'Pizza night');
    await details.waitFor();
    await details.getByText('Bea Costa').first().waitFor();
    await context.close();
  });

  it('searches everything from Activity on a phone, by keyboard, and matches comments', async () => {
    const [cid, dan] = await Promise.all([
      createUser(server, 'Cid Rossi'),
      createUser(server, 'Dan Okafor'),
    ]);
    await befriend(server, cid, dan);
    const taxi = await addEqualExpense(server, cid, null, 'Taxi to the airport', 30, [cid, dan]);
    await apiCall(server, 'POST', `/expenses/${taxi.id}/comments`, {
      body: { content: 'The driver took the scenic route' },
      token: dan.token,
    });
    await addEqualExpense(server, cid, null, 'Museum tickets', 24, [cid, dan]);

    const { page, context } = await openAs(browser, server, cid, '/app/activity', {
      phone: true,
      theme: 'dark',
    });
    await page.getByRole('link', { name: 'Search expenses' }).click();
    await page.getByRole('heading', { name: 'Search expenses', level: 1 }).waitFor();
    // Without text: everything, newest first.
    const results = page.getByRole('list', { name: 'Results' });
    await expect.poll(() => results.getByRole('link').count()).toBe(2);

    const box = page.getByRole('searchbox', { name: 'Search text' });
    await box.focus();
    await page.keyboard.type('scenik');
    await expect.poll(() => results.getByRole('link').count()).toBe(1);
    await results.getByRole('link', { name: /Taxi to the airport/ }).waitFor();
    // Tab to the result (past the Filters button) and open it with Enter.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.keyboard.press('Tab');
    expect(await focused()).toContain('Filters');
    await page.keyboard.press('Tab');
    expect(await focused()).toContain('Taxi to the airport');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/app/friends/${dan.id}`));
    await dialog(page, 'Taxi to the airport').waitFor();

    // Nothing found: the empty state.
    await page.goto(`${server.baseUrl}/app/search?q=xylophone`);
    await page.getByText('No expenses match').waitFor();
    await context.close();
  });
});
