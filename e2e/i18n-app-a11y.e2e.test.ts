// The signed-in app's accessibility in Arabic (right to left) and in the pseudo-locale (longer
// texts), light and dark (issue #32 point 6): axe (e2e/support/a11y-audit.ts) on six screens that
// between them hold most of the app's parts, against the real server, on a phone. The full
// audit in English, over every screen and dialog: a11y.e2e.test.ts and a11y-2 … a11y-4.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './support/app';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  openAs,
  PASSWORD,
  startAppServer,
} from './support/app';
import { audit } from './support/a11y-audit';
import { launchBrowser } from './support/browser';
import type { TourLanguage } from './support/i18nTour';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;
let anna: TestUser;
let groupId: number;

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A user with a name in Greek: data, in neither language's script. */
async function person(name: string, local: string): Promise<TestUser> {
  const email = `${local}.${run}@example.com`;
  await apiCall(server, 'POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  const login = await apiCall<{ token: string; id: number }>(server, 'POST', '/auth/login', {
    body: { email, password: PASSWORD },
  });
  return { id: login.id, name, email, password: PASSWORD, token: login.token };
}

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
  const bea = await person('Βεατρίκη', 'bea');
  anna = await person('Άννα', 'anna');
  await befriend(server, anna, bea);
  const group = await createGroup(server, anna, 'Λισαβόνα', [bea], { defaultCurrency: 'EUR' });
  groupId = group.id;
  await addEqualExpense(server, bea, group.id, 'Δείπνο', 60, [anna, bea], 'EUR');
  await addEqualExpense(server, anna, group.id, 'Ταξί', 20, [anna, bea], 'EUR');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Screen {
  name: string;
  path: () => string;
  /** Brings the page into the state audited, the queries answered. */
  ready: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'group list',
    path: () => '/app/groups',
    ready: (page) => page.locator('main').getByText('Λισαβόνα').first().waitFor(),
  },
  {
    name: 'group page',
    path: () => `/app/group/${String(groupId)}`,
    ready: (page) => page.locator('main').getByText('Δείπνο').first().waitFor(),
  },
  {
    name: 'expense detail',
    path: () => `/app/group/${String(groupId)}`,
    ready: async (page) => {
      await page.locator('main').getByText('Δείπνο').first().click();
      await page.getByRole('dialog').getByText('Δείπνο').first().waitFor();
    },
  },
  {
    name: 'expense form with its errors',
    path: () => '/app/add-expense',
    ready: async (page) => {
      await page.locator('main ul li button').first().click();
      await page.locator('#expense-description').waitFor();
      await page.locator('main form button[type="submit"]').click();
      await page.locator('main form [aria-invalid="true"]').first().waitFor();
    },
  },
  {
    name: 'account',
    path: () => '/app/account',
    ready: (page) => page.locator('[data-testid="profile-email"]').waitFor(),
  },
  {
    name: 'activity',
    path: () => '/app/activity',
    ready: (page) => page.locator('main ul li a').first().waitFor(),
  },
];

// The pseudo-locale first: Arabic chosen on a device is saved with the account (the
// pseudo-locale never is), and an account's language wins over the device's afterwards.
// One test per screen and language: each loads the screen once for both themes.
describe.each<{ language: TourLanguage }>([{ language: 'pseudo' }, { language: 'ar' }])(
  'in $language, light and dark',
  ({ language }) => {
    it.each(SCREENS)('$name has no accessibility problem', async (screen) => {
      const { context, page } = await openAs(browser, server, anna, screen.path(), {
        phone: true,
        axe: true,
        language,
      });
      await screen.ready(page);
      await page.waitForFunction(
        () => document.querySelectorAll('.skeleton, [aria-busy="true"]').length === 0,
      );
      const problems = (await audit(page)).map((v) => `light: ${v}`);
      // Colours are read as they are now: no transition half-way to the dark theme.
      await page.addStyleTag({
        content: '*, *::before, *::after { transition: none !important; }',
      });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      problems.push(...(await audit(page, 'colours')).map((v) => `dark: ${v}`));
      await context.close();
      expect(problems).toEqual([]);
    });
  },
);
