// Photographs the main screens on a phone viewport and on a desktop against the mocked API:
// `npm run screenshots` writes them to docs/screenshots (committed; then `npm run landing:images`
// makes the landing page's copies). It checks nothing the other e2e files and the axe audit do
// not, so the test command skips it (160 s of a loaded CI machine); SCREENSHOTS=1 runs it into
// e2e/.artifacts/screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { useMockApi } from './support/mockApi';
import { REPO_ROOT } from './support/server';
import { startStaticServer, type StaticServer } from './support/staticServer';

const OUT_DIR =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs/screenshots')
    : join(REPO_ROOT, 'e2e/.artifacts/screenshots');

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  mkdirSync(OUT_DIR, { recursive: true });
  browser = await launchBrowser();
  server = await startStaticServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Resolves once what `ready` waited for has finished drawing (in place of a fixed pause): the
 * fonts loaded, every image in view loaded (an avatar, the QR code, the landing page's pictures),
 * no transition still under way (a button's colour after a click, a switch's knob: near-instant
 * with reduced motion; an endless animation, a skeleton's pulse or a spinner, never ends and is
 * not waited for), then a frame painted.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    };
    return (
      document.fonts.status === 'loaded' &&
      Array.from(document.images).every((img) => img.complete || !inView(img)) &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        )
    );
  });
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

async function shoot(
  name: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  options: {
    theme?: 'light' | 'dark';
    signedIn?: boolean;
    fullPage?: boolean;
    desktop?: boolean;
  } = {},
) {
  const desktop = options.desktop ?? false;
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: desktop ? DESKTOP_VIEWPORT : PHONE_VIEWPORT,
    deviceScaleFactor: desktop ? 1 : 2,
    isMobile: !desktop,
    hasTouch: !desktop,
    reducedMotion: 'reduce',
  });
  if (options.signedIn ?? true) await useMockApi(context, options.theme ?? 'light');
  else
    await context.addInitScript((t) => localStorage.setItem('theme', t), options.theme ?? 'light');
  const page = await context.newPage();
  await page.goto(server.baseUrl + path);
  await ready(page);
  await settled(page);
  await page.screenshot({
    path: join(OUT_DIR, `${name}.png`),
    fullPage: options.fullPage ?? false,
  });
  await context.close();
}

describe.runIf(process.env.UPDATE_SCREENSHOTS === '1' || process.env.SCREENSHOTS === '1')(
  'screenshots',
  () => {
    it('landing (light and dark)', async () => {
      const ready = (p: Page) => p.getByRole('link', { name: 'Get Started' }).waitFor();
      await shoot('landing', '/', ready, { signedIn: false });
      await shoot('landing-dark', '/', ready, { signedIn: false, theme: 'dark' });
    });

    it('login', async () => {
      await shoot(
        'login',
        '/login',
        (p) => p.getByRole('heading', { name: 'Welcome back' }).waitFor(),
        {
          signedIn: false,
        },
      );
    });

    it('groups (light and dark)', async () => {
      const ready = (p: Page) => p.getByText('Plus 1 more balance').waitFor();
      await shoot('groups', '/app/groups', ready);
      await shoot('groups-dark', '/app/groups', ready, { theme: 'dark' });
    });

    it('group detail and expense detail', async () => {
      await shoot('group-detail', '/app/group/7', (p) =>
        p.getByText('Dinner at Time Out Market').waitFor(),
      );
      await shoot('group-activity', '/app/group/7', async (p) => {
        await p.getByText('Dinner at Time Out Market').waitFor();
        await p
          .getByRole('heading', { name: 'Group Activity' })
          .evaluate((el) => el.scrollIntoView());
      });
      await shoot('expense-detail', '/app/group/7', async (p) => {
        await p.getByText('Dinner at Time Out Market').click();
        await p.getByText('Thanks for booking!').waitFor();
      });
    });

    it('add expense modal and split dialog', async () => {
      await shoot('expense-form', '/app/group/7', async (p) => {
        await p.getByRole('button', { name: 'Add Expense' }).click();
        await p.getByLabel('Description').fill('Groceries');
        await p.getByLabel(/^Amount/).fill('100');
      });
      await shoot(
        'split-dialog',
        '/app/group/7',
        async (p) => {
          await p.getByRole('button', { name: 'Add Expense' }).click();
          await p.getByLabel(/^Amount/).fill('100');
          await p.getByRole('button', { name: /Change/ }).click();
          await p.getByRole('radio', { name: 'Percentages' }).click();
          await p.getByLabel('Percentages for Ann Lee').fill('40');
          await p.getByLabel('Percentages for Bea Costa').fill('60');
        },
        { theme: 'dark' },
      );
    });

    it('desktop: groups beside a group, a friend, the expense dialog (light and dark)', async () => {
      const group = (p: Page) => p.getByText('Dinner at Time Out Market').waitFor();
      await shoot('desktop-group', '/app/group/7', group, { desktop: true });
      await shoot('desktop-group-dark', '/app/group/7', group, { desktop: true, theme: 'dark' });
      await shoot(
        'desktop-friends',
        '/app/friends/5',
        (p) => p.getByRole('heading', { name: 'Bea Costa', level: 1 }).waitFor(),
        { desktop: true },
      );
      await shoot(
        'desktop-expense-form',
        '/app/group/7',
        async (p) => {
          await group(p);
          await p.getByRole('main').getByRole('button', { name: 'Add Expense' }).first().click();
          await p.getByLabel('Description').fill('Groceries');
          await p.getByLabel(/^Amount/).fill('100');
        },
        { desktop: true },
      );
    });

    it('charts, budgets and search', async () => {
      await shoot('group-charts', '/app/groups/7/charts', (p) =>
        p.getByRole('img', { name: /^Spending by category: Rent/ }).waitFor(),
      );
      await shoot(
        'my-charts-dark',
        '/app/reports',
        async (p) => {
          await p.getByRole('progressbar', { name: 'Dining out' }).waitFor();
          await p.getByRole('img', { name: /^My share by month/ }).waitFor();
        },
        { theme: 'dark' },
      );
      await shoot('search', '/app/search', (p) => p.getByText('Apartment').first().waitFor());
      await shoot(
        'desktop-group-charts',
        '/app/groups/7/charts',
        (p) => p.getByRole('img', { name: /^Spending by category: Rent/ }).waitFor(),
        { desktop: true },
      );
    });

    it('friends, activity, account', async () => {
      await shoot('friends', '/app/friends', (p) => p.getByText('Farah Ali').waitFor());
      await shoot('activity', '/app/activity', (p) => p.getByText(/You get back/).waitFor());
      await shoot('account', '/app/account', (p) => p.getByText('My friend code').waitFor());
    });
  },
);
