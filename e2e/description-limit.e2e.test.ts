// Issue #31 point 7: a description over the limit is refused with the limit shown, never cut
// silently (the field used to drop everything past 255 characters of a paste), and the field
// counts down near the limit. On a phone and on a desktop.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, createGroup, createUser, dialog, openAs, startAppServer } from './support/app';
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

describe('the expense description limit', () => {
  for (const layout of ['phone', 'desktop'] as const) {
    it(`counts down, keeps a pasted text whole and refuses it with the limit (${layout})`, async () => {
      const [ann, bea] = await Promise.all([
        createUser(server, 'Ann Lee'),
        createUser(server, 'Bea Costa'),
      ]);
      await befriend(server, ann, bea);
      const group = await createGroup(server, ann, 'Lisbon trip', [bea]);
      const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
        [layout]: true,
      });
      await page.getByRole('heading', { name: group.name, level: 1 }).waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
      const form = dialog(page, 'Add New Expense');
      const description = form.getByLabel('Description');

      await description.fill('Dinner');
      await expect.poll(() => form.getByText(/characters? left/).count()).toBe(0);
      await description.fill('x'.repeat(250));
      await form.getByText('5 characters left').waitFor();
      // 300 characters pasted: all of them stay, the excess is named.
      const long = `${'Lunch at the market '.repeat(15).slice(0, 299)}!`;
      await description.fill(long);
      expect(await description.inputValue()).toBe(long);
      await form.getByText('45 characters over the limit of 255').waitFor();

      await form.getByLabel(/^Amount/).fill('12');
      await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
      await form.getByText('Description must be at most 255 characters.').waitFor();
      expect(await description.getAttribute('aria-invalid')).toBe('true');
      expect(await description.inputValue()).toBe(long);

      await description.fill(`${long.slice(0, 254)}!`);
      await form.getByText('0 characters left').waitFor();
      await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await context.close();
    });
  }
});
