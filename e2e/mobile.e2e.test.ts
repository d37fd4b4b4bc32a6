// A main flow on a phone-sized touch screen against the real server: log in, create a group,
// add a member, add a percentage expense, settle up; every screen fits the width and modals
// open as bottom sheets inside the viewport.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, createUser, dialog, PASSWORD, seeText, startAppServer } from './support/app';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { expectToastClear } from './support/layout';
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

async function horizontalOverflow(page: Page): Promise<number> {
  // The app's pages scroll inside <main>: neither it nor the document may be wider than the screen.
  return await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollWidth - window.innerWidth,
      ...Array.from(document.querySelectorAll('main'), (el) => el.scrollWidth - el.clientWidth),
    ),
  );
}

/** A modal on a phone is a bottom sheet: full width, at the bottom, at most 85% high. */
async function expectBottomSheet(sheet: Locator) {
  const box = await sheet.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(Math.round(box.width)).toBe(PHONE_VIEWPORT.width);
  expect(Math.round(box.y + box.height)).toBe(PHONE_VIEWPORT.height);
  expect(box.height).toBeLessThanOrEqual(PHONE_VIEWPORT.height * 0.85 + 1);
}

describe('phone-sized viewport', () => {
  it('runs the main flow by touch', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: PHONE_VIEWPORT,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(ann.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).tap();
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await seeText(page, 'You are all settled up!');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Create a group from the header button (its text is for screen readers on phones).
    await page.getByRole('button', { name: 'Create group' }).first().tap();
    const create = dialog(page, 'Create a group');
    await expectBottomSheet(create);
    await create.getByLabel('Group name').fill('Beach house');
    await create.getByRole('button', { name: 'Create Group', exact: true }).tap();
    await page.getByRole('heading', { name: 'Beach house', level: 1 }).waitFor();

    await page.getByRole('button', { name: '+ Add Member' }).tap();
    const add = dialog(page, 'Add Member');
    await expectBottomSheet(add);
    await add.getByText('Bea Costa').tap();
    expect(await add.getByRole('checkbox', { name: /Bea Costa/ }).isChecked()).toBe(true);
    await add.getByRole('button', { name: 'Add', exact: true }).tap();
    await seeText(page, 'Member added successfully!');
    await page.getByRole('region', { name: 'Members' }).getByText('Bea Costa').waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).tap();
    const form = dialog(page, 'Add New Expense');
    await expectBottomSheet(form);
    await form.getByLabel('Description').fill('Groceries');
    await form.getByLabel(/^Amount/).fill('80');
    await form.getByRole('button', { name: /Change$/ }).tap();
    const split = dialog(page, 'Split options');
    await expectBottomSheet(split);
    await split.getByRole('radio', { name: 'Percentages' }).tap();
    await split.getByLabel('Percentages for Ann Lee').fill('25');
    await split.getByLabel('Percentages for Bea Costa').fill('75');
    await split.getByText('0% left of 100%').waitFor();
    await split.getByRole('button', { name: 'Done' }).tap();
    // The form's buttons stay in view at the foot of the sheet, however long the form.
    const save = form.getByRole('button', { name: 'Add Expense', exact: true });
    const saveBox = await save.boundingBox();
    expect(saveBox).not.toBeNull();
    expect((saveBox?.y ?? 0) + (saveBox?.height ?? 0)).toBeLessThanOrEqual(PHONE_VIEWPORT.height);
    await save.tap();
    await seeText(page, 'Expense added!');
    // The sheet slides away: until it is gone its category button also reads "Groceries".
    await form.waitFor({ state: 'hidden' });
    // The toast takes room of its own above the page: it covers neither the page's title nor any
    // control (issue #13 point 8).
    await expectToastClear(page, 'Expense added!', 'Beach house');
    await page.getByText('Bea Costa owes you $60.00').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: /Groceries/ }).tap();
    const detail = dialog(page, 'Groceries');
    await expectBottomSheet(detail);
    await detail.getByText('Percentages', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Close', exact: true }).last().tap();

    // Bea pays Ann back, recorded by Ann on the settle-up page.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Friends' })
      .tap();
    await page.getByRole('link', { name: 'Settle Up' }).tap();
    await page.getByRole('button', { name: 'Someone paid me' }).tap();
    await page.getByLabel('Friend').selectOption({ label: 'Bea Costa' });
    await page.getByLabel(/^Amount/).fill('60');
    await page.getByRole('button', { name: 'Save' }).tap();
    await seeText(page, 'Payment recorded successfully!');
    await page.waitForURL('**/app/activity');

    // Every screen of the bottom navigation fits the phone's width.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [link, heading] of [
      ['Friends', 'Friends'],
      ['Groups', 'Groups'],
      ['Add Expense', 'Add an expense'],
      ['Activity', 'Recent activity'],
      ['Account', 'Account'],
    ] as const) {
      await nav.getByRole('link', { name: link }).tap();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await horizontalOverflow(page), link).toBeLessThanOrEqual(0);
      const navBox = await nav.boundingBox();
      expect(Math.round((navBox?.y ?? 0) + (navBox?.height ?? 0))).toBe(PHONE_VIEWPORT.height);
    }
    await nav.getByRole('link', { name: 'Groups' }).tap();
    await seeText(page, 'You are all settled up!');
    await context.close();
  });
});
