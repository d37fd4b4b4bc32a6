// The desktop layout at 1440×900 against the real server (issue #13 points 1, 2 and 8): side
// navigation instead of the bottom bar, groups and friends as list and detail side by side on
// the phone's URLs (deep links too), a dialog sized for a desktop with its buttons always in view,
// per-field errors with focus on the first, a failed save retried and saved exactly once, and
// toasts clear of the page's title and controls.
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  openAs,
  seeText,
  startAppServer,
  type TestUser,
} from './support/app';
import { DESKTOP_VIEWPORT, launchBrowser } from './support/browser';
import { type Box, expectToastClear, intersects } from './support/layout';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  // More time to start on a busy machine.
  [browser, server] = await Promise.all([
    launchBrowser(),
    startAppServer({}, { timeoutMs: 150_000 }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

/** Whether the element is what the browser would hit at its centre (nothing over it). */
async function onTop(locator: Locator): Promise<boolean> {
  return await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

async function isFocused(locator: Locator): Promise<boolean> {
  return await locator.evaluate((el) => el === document.activeElement);
}

/** The message of a control's aria-describedby error while it is aria-invalid, else null. */
async function fieldError(control: Locator): Promise<string | null> {
  return await control.evaluate((el) => {
    if (el.getAttribute('aria-invalid') !== 'true') return null;
    const id = (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .find((i) => i.endsWith('-error'));
    return id === undefined ? '' : (document.getElementById(id)?.textContent ?? '').trim();
  });
}

interface People {
  ann: TestUser;
  bea: TestUser;
  carl: TestUser;
}

async function people(): Promise<People> {
  const [ann, bea, carl] = await Promise.all([
    createUser(server, 'Ann Lee'),
    createUser(server, 'Bea Costa'),
    createUser(server, 'Carl Diaz'),
  ]);
  await befriend(server, ann, bea);
  await befriend(server, ann, carl);
  return { ann, bea, carl };
}

/** The side navigation is the only "Main" navigation shown: on the left, the screen's height. */
async function expectSideNavigation(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  expect(await nav.count()).toBe(1);
  const box = await boxOf(nav);
  expect(box.x).toBeLessThanOrEqual(16);
  expect(box.width).toBeLessThan(300);
  for (const name of ['Add Expense', 'Groups', 'Friends', 'Activity', 'Notifications', 'Account']) {
    await nav.getByRole('link', { name, exact: true }).waitFor();
  }
  // The bottom bar is not there (hidden, so not in the accessibility tree either).
  expect(
    await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('nav[aria-label="Main"]')).filter(
          (el) => el.getBoundingClientRect().height > 0,
        ).length,
    ),
  ).toBe(1);
}

describe('desktop layout (1440×900)', () => {
  it('has side navigation and shows groups, then friends, as list and detail side by side', async () => {
    const { ann, bea, carl } = await people();
    const group = await createGroup(server, ann, 'Lisbon trip', [bea, carl]);
    await addEqualExpense(server, ann, group.id, 'Apartment', 90, [ann, bea, carl]);
    await addEqualExpense(server, ann, null, 'Concert tickets', 40, [ann, bea]);
    const { page, context } = await openAs(browser, server, ann, '/app/groups', {
      desktop: true,
    });
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await expectSideNavigation(page);
    // No group chosen yet: the list beside a placeholder.
    await page.getByRole('heading', { name: 'Choose a group', level: 2 }).waitFor();

    const list = page.locator('[data-pane="list"]');
    const detail = page.locator('[data-pane="detail"]');
    await list.getByRole('link', { name: /Lisbon trip/ }).click();
    await page.waitForURL(`**/app/group/${group.id}`);
    await detail.getByRole('heading', { name: 'Lisbon trip', level: 1 }).waitFor();
    await detail.getByText('Bea Costa owes you $30.00').waitFor();
    // The list stays beside it, its title now second to the group's, the group marked current.
    await list.getByRole('heading', { name: 'Groups', level: 2, exact: true }).waitFor();
    expect(await list.getByRole('link', { name: /Lisbon trip/ }).getAttribute('aria-current')).toBe(
      'page',
    );
    const listBox = await boxOf(list);
    const detailBox = await boxOf(detail);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(detailBox.x + 1);
    expect(listBox.width).toBeGreaterThan(300);
    expect(detailBox.width).toBeGreaterThan(600);
    expect(intersects(listBox, detailBox)).toBe(false);
    expect(await page.title()).toBe('Lisbon trip · Evenly');
    // Beside its list, the group needs no back link.
    expect(await detail.getByRole('link', { name: 'Back' }).count()).toBe(0);

    // A deep link opens the same: list and group side by side.
    await page.goto(`${server.baseUrl}/app/group/${group.id}`);
    await detail.getByRole('heading', { name: 'Lisbon trip', level: 1 }).waitFor();
    await list.getByRole('link', { name: /Lisbon trip/ }).waitFor();

    // Friends: the list beside the chosen friend, on the friend's own URL.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Friends', exact: true })
      .click();
    await page.waitForURL('**/app/friends');
    await page.getByRole('heading', { name: 'Friends', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Choose a friend', level: 2 }).waitFor();
    await list.getByRole('link', { name: /^Bea Costa/ }).click();
    await page.waitForURL(`**/app/friends/${bea.id}`);
    await detail.getByRole('heading', { name: 'Bea Costa', level: 1 }).waitFor();
    await list.getByRole('heading', { name: 'Friends', level: 2, exact: true }).waitFor();
    // What Bea and Ann owe each other overall, by group, and outside groups.
    await detail
      .getByRole('region', { name: 'Balance', exact: true })
      .getByText('Bea Costa owes you $50.00')
      .waitFor();
    await detail
      .getByRole('region', { name: 'Groups together' })
      .getByText('Bea Costa owes you $30.00')
      .waitFor();
    await detail
      .getByRole('region', { name: 'Outside groups with Bea Costa' })
      .getByText('Concert tickets')
      .waitFor();
    expect(intersects(await boxOf(list), await boxOf(detail))).toBe(false);
    expect(await page.title()).toBe('Bea Costa · Evenly');

    // A deep link to a friend, and one to someone who is not a friend.
    await page.goto(`${server.baseUrl}/app/friends/${carl.id}`);
    await detail.getByRole('heading', { name: 'Carl Diaz', level: 1 }).waitFor();
    await detail
      .getByRole('region', { name: 'Balance', exact: true })
      .getByText('Carl Diaz owes you $30.00')
      .waitFor();
    await list.getByRole('link', { name: /^Bea Costa/ }).waitFor();
    await page.goto(`${server.baseUrl}/app/friends/999999`);
    await detail.getByText('This person is not among your friends.').waitFor();
    await context.close();
  });

  it('sizes the expense dialog for a desktop, keeps its buttons in view, marks fields and retries a failed save once', async () => {
    const { ann, bea, carl } = await people();
    const group = await createGroup(server, ann, 'Road trip', [bea, carl]);
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      desktop: true,
    });
    await page.getByRole('heading', { name: 'Road trip', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.waitFor();

    // A centred dialog, wide enough for two columns, not a bottom sheet.
    const dialogBox = await boxOf(form);
    expect(dialogBox.width).toBeGreaterThanOrEqual(768);
    expect(dialogBox.width).toBeLessThanOrEqual(960);
    expect(
      Math.abs(dialogBox.x + dialogBox.width / 2 - DESKTOP_VIEWPORT.width / 2),
    ).toBeLessThanOrEqual(2);
    expect(dialogBox.y).toBeGreaterThan(0);
    expect(dialogBox.y + dialogBox.height).toBeLessThan(DESKTOP_VIEWPORT.height);
    const description = form.getByLabel('Description');
    const payer = form.getByLabel('Payer 1', { exact: true });
    // Two columns: who paid sits beside the description, not under it.
    const descriptionBox = await boxOf(description);
    const payerBox = await boxOf(payer);
    expect(payerBox.x).toBeGreaterThan(descriptionBox.x + descriptionBox.width);

    // The buttons: in view without scrolling, inside the dialog, nothing over them.
    const add = form.getByRole('button', { name: 'Add Expense', exact: true });
    for (const button of [add, form.getByRole('button', { name: 'Cancel' })]) {
      const b = await boxOf(button);
      expect(b.y).toBeGreaterThanOrEqual(dialogBox.y);
      expect(b.y + b.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
      expect(await onTop(button)).toBe(true);
    }
    // With the notes made long, the form scrolls under its footer and the buttons stay put.
    await form.getByLabel('Notes (optional)').fill('Fuel\n'.repeat(40));
    await form.getByLabel('Notes (optional)').evaluate((el) => {
      (el as HTMLTextAreaElement).style.height = '1200px';
    });
    const footerBefore = await boxOf(add);
    await form.getByLabel('Notes (optional)').scrollIntoViewIfNeeded();
    expect(await boxOf(add)).toEqual(footerBefore);
    expect(await onTop(add)).toBe(true);
    await form.getByLabel('Notes (optional)').fill('');

    // An empty submit: each field says what it needs, focus on the first.
    await add.click();
    const amount = form.getByLabel(/^Amount/);
    await expect
      .poll(() => fieldError(description), { timeout: 10_000 })
      .toBe('Please enter a description.');
    expect(await fieldError(amount)).toBe('Please enter a valid positive amount.');
    expect(await isFocused(description)).toBe(true);

    // The first save meets a gateway's 502 page (a save whose answer is lost altogether waits
    // on the device instead: e2e/offline); Retry sends the same request under the same key.
    const attempts: { key: string | null; status: number }[] = [];
    await page.route('**/api/expenses', async (route: Route) => {
      if (route.request().method() !== 'POST') {
        await route.fallback();
        return;
      }
      const key = await route.request().headerValue('idempotency-key');
      if (attempts.length === 0) {
        attempts.push({ key, status: 502 });
        await route.fulfill({
          status: 502,
          contentType: 'text/html',
          body: '<h1>Bad Gateway</h1>',
        });
        return;
      }
      const response = await route.fetch();
      attempts.push({ key, status: response.status() });
      await route.fulfill({ response });
    });
    await description.fill('Fuel');
    await amount.fill('60');
    await add.click();
    const failure = form.getByRole('alert');
    await failure.getByText('The server could not be reached.', { exact: true }).waitFor();
    await failure.getByText('Retry in a moment.').waitFor();
    expect(await onTop(failure.getByRole('button', { name: 'Retry' }))).toBe(true);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await seeText(page, 'Expense added!');
    await form.waitFor({ state: 'detached' });
    // Saved exactly once, both attempts under one Idempotency-Key.
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.key).toBeTruthy();
    expect(attempts[1]?.key).toBe(attempts[0]?.key);
    const items = await apiCall<{ description?: string }[]>(
      server,
      'GET',
      `/groups/${group.id}/transactions`,
      { token: ann.token },
    );
    expect(items.map((i) => i.description)).toEqual(['Fuel']);
    await page
      .locator('[data-pane="detail"]')
      .getByRole('region', { name: 'Group Balances' })
      .getByText('Bea Costa owes you $20.00')
      .waitFor();

    // The toast sits at the foot of the side navigation: clear of the title and every control.
    await expectToastClear(page, 'Expense added!', 'Road trip');
    const toastBox = await boxOf(page.getByRole('status').filter({ hasText: 'Expense added!' }));
    const navBox = await boxOf(page.getByRole('navigation', { name: 'Main' }));
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(navBox.x + 260);
    await context.close();
  });

  it('says when the browser is offline and creates the group once on Retry', async () => {
    const { ann } = await people();
    const { page, context } = await openAs(browser, server, ann, '/app/groups', {
      desktop: true,
    });
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create group' }).first().click();
    const modal = dialog(page, 'Create a group');
    // A desktop-sized small dialog: centred, not the phone's full-width sheet.
    const box = await boxOf(modal);
    expect(box.width).toBeGreaterThan(380);
    expect(box.width).toBeLessThan(520);
    await modal.getByRole('button', { name: 'Create Group', exact: true }).click();
    const name = modal.getByLabel('Group name');
    await expect.poll(() => fieldError(name)).toBe('Group name cannot be empty.');
    expect(await isFocused(name)).toBe(true);

    await name.fill('Ski week');
    await context.setOffline(true);
    await modal.getByRole('button', { name: 'Create Group', exact: true }).click();
    const failure = modal.getByRole('alert');
    await failure.getByText("You're offline.", { exact: true }).waitFor();
    await failure.getByText('Connect to the internet, then retry.').waitFor();
    await context.setOffline(false);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL(/\/app\/group\/\d+$/);
    await page.getByRole('heading', { name: 'Ski week', level: 1 }).waitFor();
    const groups = await apiCall<{ name: string }[]>(server, 'GET', '/groups/my', {
      token: ann.token,
    });
    expect(groups.map((g) => g.name)).toEqual(['Ski week']);
    await context.close();
  });
});
