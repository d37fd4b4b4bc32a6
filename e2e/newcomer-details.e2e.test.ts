// Small things a newcomer notices (issue #31 point 7), each on a phone (390×844, touch) and on
// the desktop layout (1440×900), in an en-GB browser as in the report: the by-month chart's months
// carry their year when they span two years; the group title is shown whole; the notification
// choices sit in rows, channel left and control right; the conversion options are in view after
// another currency is picked; a converted expense's row says what reaches the balance.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './support/app';
import {
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

const LOCALE = 'en-GB';
const layouts = [
  ['phone', { phone: true, locale: LOCALE }],
  ['desktop', { desktop: true, locale: LOCALE }],
] as const;

/** "YYYY-MM" `back` months before this one (UTC). */
function monthBack(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
    .toISOString()
    .slice(0, 7);
}

function shortMonth(month: string, withYear: boolean): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleString(LOCALE, {
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** Three new users, the first a friend of the other two. */
async function trio(names: [string, string, string]): Promise<[TestUser, TestUser, TestUser]> {
  const [a, b, c] = await Promise.all([
    createUser(server, names[0]),
    createUser(server, names[1]),
    createUser(server, names[2]),
  ]);
  await Promise.all([befriend(server, a, b), befriend(server, a, c)]);
  return [a, b, c];
}

/** The element's box in the viewport: within it left and right, and its text not clipped. */
async function box(locator: Locator) {
  return await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      clipped: el.scrollWidth > el.clientWidth,
      viewportWidth: window.innerWidth,
      viewportHeight: window.innerHeight,
    };
  });
}

describe.each(layouts)('on a %s', (_name, view) => {
  it('gives every month of the chart its year when the months span two years', async () => {
    const [ann, bea] = await trio(['Ann Lee', 'Bea Costa', 'Cy Park']);
    const group = await createGroup(server, ann, 'Flat 3B', [bea]);
    // The same month a year ago, then the last eleven: twelve columns over two calendar years.
    const first = monthBack(12);
    const months = [first, ...Array.from({ length: 11 }, (_, i) => monthBack(10 - i))];
    for (const month of months) {
      await apiCall(server, 'POST', '/expenses', {
        token: ann.token,
        body: {
          description: `Rent ${month}`,
          amount: 100,
          groupId: group.id,
          date: `${month}-15`,
          splitType: 'EQUAL',
          payers: [{ userId: ann.id, amountPaid: 100 }],
          splits: [ann, bea].map((u) => ({ userId: u.id, value: null })),
        },
      });
    }
    const { page, context } = await openAs(
      browser,
      server,
      ann,
      `/app/groups/${group.id}/charts`,
      view,
    );
    const chart = page.getByRole('region', { name: 'Spending by month' });
    const labels = chart.getByTestId('month-axis-label');
    await labels.first().waitFor();
    expect(await labels.allTextContents()).toEqual(months.map((m) => shortMonth(m, true)));
    // Two of them name the same month: only the year tells them apart.
    expect(shortMonth(first, false)).toBe(shortMonth(monthBack(0), false));
    // Each label whole, on the screen, and clear of its neighbours.
    let previousRight = 0;
    for (const label of await labels.all()) {
      const b = await box(label);
      expect(b.clipped).toBe(false);
      expect(b.left).toBeGreaterThanOrEqual(previousRight);
      expect(b.right).toBeLessThanOrEqual(b.viewportWidth);
      previousRight = b.right;
    }
    // The table view names the months with their years too.
    await chart.getByRole('button', { name: 'Show as table' }).click();
    const rows = await chart.getByRole('rowheader').allTextContents();
    expect(rows[0]).toBe(
      new Date(`${first}-01T00:00:00Z`).toLocaleString(LOCALE, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    );
    await context.close();
  });

  it("shows a long group name whole, and a converted expense's effect in the group currency", async () => {
    const [ann, bea, cy] = await trio(['Ann Lee', 'Bea Costa', 'Cy Park']);
    const name = 'Lisbon and Porto with the cousins 2026';
    const group = await createGroup(server, ann, name, [bea, cy], {
      defaultCurrency: 'EUR',
      currencyMode: 'CONVERT',
    });
    await apiCall(server, 'POST', '/expenses', {
      token: ann.token,
      body: {
        description: 'Sushi',
        amount: 10_000,
        currency: 'JPY',
        exchangeRate: '0.00625',
        groupId: group.id,
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: 10_000 }],
        splits: [ann, bea, cy].map((u) => ({ userId: u.id, value: null })),
      },
    });
    const { page, context } = await openAs(browser, server, bea, `/app/group/${group.id}`, view);
    const title = page.getByRole('heading', { name, level: 1 });
    await title.waitFor();
    expect(await title.textContent()).toBe(name);
    const t = await box(title);
    expect(t.clipped).toBe(false);
    expect(t.right).toBeLessThanOrEqual(t.viewportWidth);
    // Two lines at most, not a word a line beside the group's buttons.
    expect(await lineCount(title)).toBeLessThanOrEqual(2);

    // ¥10,000 among three at 0.00625: Bea's share is ¥3,333, €20.83 of the €62.50.
    const effect = page.getByTestId('expense-effect');
    await effect.waitFor();
    expect((await effect.textContent())?.replace(/\s+/g, ' ')).toBe(
      'you borrowed €20.83 (JP¥3,333)',
    );
    // One sentence for a screen reader: the row's name reads it in one run.
    await page.getByRole('button', { name: /you borrowed €20\.83 \(JP¥3,333\)/ }).waitFor();
    await context.close();
  });

  it('breaks a long single word of a group name instead of cutting it', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const name = 'Donaudampfschifffahrtsgesellschaftskapitänsreise';
    const group = await createGroup(server, ann, name);
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, view);
    const title = page.getByRole('heading', { name, level: 1 });
    await title.waitFor();
    const t = await box(title);
    expect(t.clipped).toBe(false);
    expect(t.right).toBeLessThanOrEqual(t.viewportWidth);
    await context.close();
  });

  it('lines up each notification channel with its control, in view', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(
      browser,
      server,
      ann,
      '/app/account/notifications',
      view,
    );
    const kinds = page.getByRole('list', { name: 'Notification kinds' }).getByRole('group');
    await kinds.first().waitFor();
    const rights: number[] = [];
    for (const kind of await kinds.all()) {
      const controls: [string, Locator][] = [
        ['E-mail', kind.getByRole('radiogroup')],
        ['Push', kind.getByRole('switch')],
      ];
      for (const [channel, control] of controls) {
        const c = await box(control);
        const line = await firstLine(kind.getByText(channel, { exact: true }));
        // Within the screen, on the same row as its label's first line, and right of the label.
        expect(c.left).toBeGreaterThanOrEqual(0);
        expect(c.right).toBeLessThanOrEqual(c.viewportWidth);
        expect(c.top).toBeLessThanOrEqual(line.bottom);
        expect(c.bottom).toBeGreaterThanOrEqual(line.top);
        expect(c.left).toBeGreaterThanOrEqual(line.right);
        rights.push(Math.round(c.right));
      }
      // The three e-mail choices on one line: none wraps below the others.
      const tops = await kind
        .getByRole('radio')
        .evaluateAll((radios) =>
          radios.map((r) => Math.round((r.closest('label') ?? r).getBoundingClientRect().top)),
        );
      expect(new Set(tops).size).toBe(1);
    }
    // Every control ends at the same right edge: one column of controls, not a ragged one.
    expect(new Set(rights).size).toBe(1);
    await context.close();
  });

  it('shows the conversion options without scrolling once another currency is picked', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const group = await createGroup(server, ann, 'Lisbon', [], {
      defaultCurrency: 'EUR',
      currencyMode: 'CONVERT',
    });
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, view);
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Sushi');
    await form.getByLabel('Amount (EUR)').fill('10000');
    const currency = form.getByRole('combobox', { name: 'Currency' });
    await currency.click();
    await currency.fill('yen');
    await form.getByRole('option', { name: /^JPY / }).first().click();
    const options = form.getByRole('group', { name: 'Converted into EUR' });
    await options.waitFor();
    for (const part of [
      options.getByRole('radio', { name: /Rate of the day/ }),
      options.getByLabel('Exchange rate, EUR per JPY'),
      options.getByLabel('Amount charged in EUR'),
    ]) {
      await expectInView(page, part);
    }
    await context.close();
  });
});

/** How many lines an element's text takes. */
async function lineCount(locator: Locator): Promise<number> {
  return await locator.evaluate(
    (el) =>
      new Set(
        Array.from(
          (() => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return range.getClientRects();
          })(),
          (r) => Math.round(r.top),
        ),
      ).size,
  );
}

/** The box of the first line of an element's text. */
async function firstLine(locator: Locator) {
  return await locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getClientRects()[0] ?? el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, right: r.right };
  });
}

/** Seen without scrolling: inside the viewport and not under anything else (a sticky footer). */
async function expectInView(page: Page, locator: Locator): Promise<void> {
  await locator.waitFor();
  const seen = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const label = el.closest('label');
    return hit !== null && (el.contains(hit) || hit === el || (label?.contains(hit) ?? false));
  });
  expect(seen, `${String(locator)} in view on ${JSON.stringify(page.viewportSize())}`).toBe(true);
}
