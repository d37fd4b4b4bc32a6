// The accessibility audit's screens and its one check (axe-core, WCAG 2.0/2.1/2.2 A and AA
// rules): every route of the spec and the dialogs that matter, on a phone and (the layout from
// 1024 px) on a desktop, against the mocked API, each in the light theme and then in the dark one.
// a11y.e2e.test.ts audits the first half of the screens, a11y-2.e2e.test.ts the second (two
// files, so the two halves run side by side).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from './browser';
import { useMockApi, useMockInviteApi } from './mockApi';
import { startStaticServer, type StaticServer } from './staticServer';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: AXE_SOURCE });
  }
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Brings the screen into the state to audit (waits for its content, opens a dialog…). */
  ready: (page: Page) => Promise<void>;
  /** Default: the phone. `desktop`: 1440×900, side navigation and split panes. */
  desktop?: boolean;
}

const text = (value: string) => async (page: Page) => {
  await page.getByText(value).first().waitFor();
};

const openGroupExpense = async (page: Page) => {
  await page.getByText('Dinner at Time Out Market').waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
  await page.getByRole('dialog', { name: 'Add New Expense' }).waitFor();
};

/** Adds an expense through the group page's form (offline: it waits to sync). */
const addOfflineExpense = async (page: Page, description: string) => {
  await openGroupExpense(page);
  const form = page.getByRole('dialog', { name: 'Add New Expense' });
  await form.getByLabel('Description').fill(description);
  await form.getByLabel(/^Amount/).fill('12.40');
  await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
  await form.waitFor({ state: 'detached' });
};

/** The expense form after a save the server could not take (a 503): what happened, and Retry.
 * (A save whose answer never came waits on the device instead: see the offline screens.) */
const failedExpenseSave = async (page: Page) => {
  await openGroupExpense(page);
  await page.route('**/api/expenses', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 503,
        code: 'NOT_READY',
        error: 'Service Unavailable',
        message: 'The database is not reachable.',
      }),
    }),
  );
  const form = page.getByRole('dialog', { name: 'Add New Expense' });
  await form.getByLabel('Description').fill('Groceries');
  await form.getByLabel(/^Amount/).fill('30');
  await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
  await form.getByRole('button', { name: 'Retry' }).waitFor();
};

/** A Splitwise group export (the mocked preview answers for it). */
const SPLITWISE_FILE = {
  name: 'lisbon-trip_2025-07-01_export.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('Date,Description,Category,Cost,Currency,Ann Lee,Bea,Cy\n'),
};

/** Import from Splitwise with a file chosen: its summary and who each person column is. */
const splitwisePreview = async (page: Page) => {
  await page.getByLabel('Splitwise CSV export').setInputFiles(SPLITWISE_FILE);
  await page.getByRole('combobox', { name: 'Cy is' }).waitFor();
  await page.getByLabel('Guest’s name').waitFor();
};

/** The desktop layout (side navigation, list and detail side by side, desktop dialogs). */
const DESKTOP_SCREENS: Screen[] = (
  [
    { name: 'groups', path: '/app/groups', signedIn: true, ready: text('Choose a group') },
    {
      name: 'group beside the groups',
      path: '/app/group/7',
      signedIn: true,
      ready: text('Dinner at Time Out Market'),
    },
    {
      name: 'group charts beside the groups',
      path: '/app/groups/7/charts',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('img', { name: /^Paid versus share/ }).waitFor();
      },
    },
    {
      name: 'group settings beside the groups',
      path: '/app/groups/15/settings',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('img', { name: 'QR code for the invite link' }).waitFor();
      },
    },
    { name: 'expense form', path: '/app/group/7', signedIn: true, ready: openGroupExpense },
    {
      name: 'import from Splitwise, preview and who is who',
      path: '/app/import/splitwise',
      signedIn: true,
      ready: splitwisePreview,
    },
    {
      name: 'expense form with errors',
      path: '/app/group/7',
      signedIn: true,
      ready: async (page) => {
        await openGroupExpense(page);
        const form = page.getByRole('dialog', { name: 'Add New Expense' });
        await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
        await form.getByText('Please enter a description.').waitFor();
      },
    },
    {
      name: 'expense form, save failed (Retry)',
      path: '/app/group/7',
      signedIn: true,
      ready: failedExpenseSave,
    },
    {
      name: 'record payment with errors',
      path: '/app/group/7',
      signedIn: true,
      ready: async (page) => {
        await page.getByText('Dinner at Time Out Market').waitFor();
        await page.getByRole('button', { name: 'Settle Up' }).click();
        const modal = page.getByRole('dialog', { name: 'Record a payment' });
        // Filled in from the largest balance line (issue #13): emptied to show the error.
        await modal.getByRole('button', { name: 'Bea Costa paid me', pressed: true }).waitFor();
        await modal.getByLabel(/^Amount/).fill('');
        await modal.getByRole('button', { name: 'Save Payment' }).click();
        await modal.getByText('Please enter a valid positive amount.').waitFor();
      },
    },
    {
      name: 'create group with an error',
      path: '/app/groups',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Create group' }).first().click();
        const modal = page.getByRole('dialog', { name: 'Create a group' });
        await modal.getByRole('button', { name: 'Create Group', exact: true }).click();
        await modal.getByText('Group name cannot be empty.').waitFor();
      },
    },
    { name: 'friends', path: '/app/friends', signedIn: true, ready: text('Choose a friend') },
    {
      name: 'friend beside the friends',
      path: '/app/friends/5',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('heading', { name: 'Bea Costa', level: 1 }).waitFor();
        await page
          .getByRole('region', { name: 'Groups together' })
          .getByText('Lisbon trip')
          .waitFor();
      },
    },
    {
      name: 'new expense page',
      path: '/app/add-expense',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('button', { name: /Lisbon trip/ }).click();
        await page.getByText('Group: Lisbon trip').first().waitFor();
      },
    },
    { name: 'activity', path: '/app/activity', signedIn: true, ready: text('You get back') },
    {
      name: 'search, filters open',
      path: '/app/search?q=dinner&minAmount=10',
      signedIn: true,
      ready: async (page) => {
        await page.getByText('Dinner at Time Out Market').waitFor();
        await page.getByLabel('Min amount').waitFor();
      },
    },
    {
      name: 'account',
      path: '/app/account',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('button', { name: 'My friend code' }).waitFor();
      },
    },
    { name: 'landing', path: '/', signedIn: false, ready: text('Run your own') },
    { name: 'login', path: '/login', signedIn: false, ready: text('Welcome back') },
  ] satisfies Screen[]
).map((screen) => ({ ...screen, name: `desktop: ${screen.name}`, desktop: true }));

const SCREENS: Screen[] = [
  { name: 'landing', path: '/', signedIn: false, ready: text('Get Started') },
  {
    name: 'landing, install guide open',
    path: '/',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Install app' }).click();
      await page.getByRole('link', { name: /Android guide/ }).waitFor();
    },
  },
  { name: 'login', path: '/login', signedIn: false, ready: text('Welcome back') },
  {
    name: 'login with error',
    path: '/login',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Please enter your email and password.').first().waitFor();
    },
  },
  { name: 'register', path: '/register', signedIn: false, ready: text('Create your account') },
  {
    name: 'register with errors',
    path: '/register',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByText('Please enter your name.').waitFor();
    },
  },
  {
    name: 'forgot password',
    path: '/forgot-password',
    signedIn: false,
    ready: text('Back to sign in'),
  },
  {
    name: 'reset password',
    path: '/reset-password?token=abc',
    signedIn: false,
    ready: text('Back to sign in'),
  },
  {
    name: 'verify e-mail (error, resend form)',
    path: '/verify-email?token=abc',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Resend verification e-mail' }).waitFor();
    },
  },
  { name: 'public 404', path: '/no/such/page', signedIn: false, ready: text('Page not found') },
  { name: 'groups', path: '/app/groups', signedIn: true, ready: text('Lisbon trip') },
  {
    name: 'groups, search and create group',
    path: '/app/groups',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Lisbon trip').first().waitFor();
      await page.getByRole('button', { name: 'Search groups' }).click();
      await page.getByPlaceholder('Search groups...').fill('zzz');
      await page.getByText('No groups match your search.').waitFor();
      await page.getByRole('button', { name: 'Create group' }).first().click();
      await page.getByRole('dialog', { name: 'Create a group' }).waitFor();
      await page.getByRole('button', { name: 'Create Group', exact: true }).click();
      await page.getByText('Group name cannot be empty.').waitFor();
    },
  },
  {
    name: 'groups, filter sheet',
    path: '/app/groups',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Lisbon trip').first().waitFor();
      await page.getByRole('button', { name: 'Filter groups' }).click();
      await page.getByRole('dialog', { name: 'Set filter' }).waitFor();
    },
  },
  {
    name: 'group detail',
    path: '/app/group/7',
    signedIn: true,
    ready: text('Dinner at Time Out Market'),
  },
  { name: 'expense form', path: '/app/group/7', signedIn: true, ready: openGroupExpense },
  {
    name: 'group page offline, an expense waiting to sync',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Dinner at Time Out Market').waitFor();
      await page.context().setOffline(true);
      await page.getByText('You’re offline').waitFor();
      await addOfflineExpense(page, 'Tram tickets');
      await page.getByRole('list', { name: 'Waiting to sync' }).getByText('Tram tickets').waitFor();
      await page.getByText('1 change waiting to sync', { exact: true }).waitFor();
    },
  },
  {
    name: 'group page, a change made offline that could not be saved',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Dinner at Time Out Market').waitFor();
      // The first attempt gets no answer (queued), the next one finds the group gone.
      let attempts = 0;
      await page.route('**/api/expenses', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        attempts += 1;
        if (attempts === 1) return route.abort('connectionreset');
        return route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 404,
            error: 'Not Found',
            code: 'NOT_FOUND',
            message: 'Group not found.',
          }),
        });
      });
      await addOfflineExpense(page, 'Tram tickets');
      const problems = page.getByRole('region', { name: 'Changes not synced' });
      await problems.getByText('Your new expense “Tram tickets” was not saved').waitFor();
      await problems.getByRole('button', { name: 'Copy your version' }).waitFor();
    },
  },
  {
    name: 'expense form with errors',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await openGroupExpense(page);
      const form = page.getByRole('dialog', { name: 'Add New Expense' });
      await form.getByRole('button', { name: 'Add another payer' }).click();
      await form.getByLabel('Payer 2', { exact: true }).selectOption({ label: 'Select a person' });
      await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
      await form.getByText('Please enter a description.').waitFor();
      await form.getByText('Please select a valid user for each payer.').waitFor();
    },
  },
  {
    name: 'expense form, save failed (Retry)',
    path: '/app/group/7',
    signedIn: true,
    ready: failedExpenseSave,
  },
  {
    name: 'split dialog (percentages)',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await openGroupExpense(page);
      await page.getByLabel(/^Amount/).fill('100');
      await page.getByRole('button', { name: /Change$/ }).click();
      const split = page.getByRole('dialog', { name: 'Split options' });
      await split.getByRole('radio', { name: 'Percentages' }).click();
      await split.getByLabel('Percentages for Ann Lee').fill('40');
      // An empty field counts as 0: a lone "." is what still asks for a value.
      await split.getByLabel('Percentages for Bea Costa').fill('.');
      await split.getByText(/for each included participant/).waitFor();
      await split.getByRole('checkbox', { name: 'Include Carlos Diaz' }).uncheck();
    },
  },
  {
    name: 'split dialog (exact amounts)',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await openGroupExpense(page);
      await page.getByLabel(/^Amount/).fill('100');
      await page.getByRole('button', { name: /Change$/ }).click();
      const split = page.getByRole('dialog', { name: 'Split options' });
      await split.getByRole('radio', { name: 'Exact amounts' }).click();
      await split.getByLabel('Exact amounts for Ann Lee').fill('40');
      await split.getByText(/must equal the total expense amount/).waitFor();
    },
  },
  {
    name: 'category picker (suggested, then open)',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await openGroupExpense(page);
      await page.getByLabel('Description').fill('Tram tickets');
      await page.getByRole('button', { name: /^Category: Public transport Suggested$/ }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a category' });
      await picker.getByRole('button', { name: /^Public transport/ }).waitFor();
    },
  },
  {
    name: 'category picker (filtered)',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await openGroupExpense(page);
      await page.getByRole('button', { name: /^Category: / }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a category' });
      await picker.getByLabel('Find a category').fill('uber');
      await picker.getByText(/1 category; Enter picks the first/).waitFor();
    },
  },
  {
    name: 'expense detail with comments',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Dinner at Time Out Market').click();
      await page.getByText('Thanks for booking!').waitFor();
    },
  },
  {
    name: 'add member',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: '+ Add Member' }).click();
      await page.getByRole('dialog', { name: 'Add Member' }).getByText('Eli Novak').waitFor();
    },
  },
  {
    name: 'record payment with error',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Dinner at Time Out Market').waitFor();
      await page.getByRole('button', { name: 'Settle Up' }).click();
      const modal = page.getByRole('dialog', { name: 'Record a payment' });
      // Filled in from the largest balance line (issue #13): emptied to show the error.
      await modal.getByRole('button', { name: 'Bea Costa paid me', pressed: true }).waitFor();
      await modal.getByLabel(/^Amount/).fill('');
      await modal.getByRole('button', { name: 'Save Payment' }).click();
      await modal.getByText('Please enter a valid positive amount.').waitFor();
    },
  },
  {
    name: 'split by item',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await openGroupExpense(page);
      await page.getByLabel('Amount (USD)').fill('30');
      await page.getByRole('button', { name: 'Split by item' }).click();
      const modal = page.getByRole('dialog', { name: 'Split by item' });
      await modal.getByRole('button', { name: '+ Add item' }).click();
      await modal.getByLabel('Item 1', { exact: true }).fill('Pastéis de nata');
      await modal.getByLabel('Price (USD)').fill('12.00');
      await modal
        .getByRole('group', { name: 'Who had Pastéis de nata' })
        .getByRole('button', { name: 'Bea Costa' })
        .click();
      await modal.getByText(/Tax, service and rounding/).waitFor();
    },
  },
  {
    name: 'group currency settings',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Dinner at Time Out Market').waitFor();
      await page.getByRole('link', { name: 'Group settings' }).click();
      await page.getByRole('button', { name: 'Currency settings' }).click();
      await page.getByRole('dialog', { name: 'Group currency' }).waitFor();
    },
  },
  {
    name: 'currency picker open',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await openGroupExpense(page);
      await page.getByRole('combobox', { name: 'Currency' }).click();
      await page.getByRole('listbox', { name: 'Currency' }).waitFor();
    },
  },
  {
    name: 'expense form in another currency (conversion)',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await openGroupExpense(page);
      const box = page.getByRole('combobox', { name: 'Currency' });
      await box.click();
      await box.fill('EUR');
      await page.getByRole('option', { name: /^EUR / }).click();
      await page.getByLabel('Amount (EUR)').fill('12.50');
      await page.getByText(/Rate of 2026-11-20: 1 EUR = 1.08 USD/).waitFor();
    },
  },
  {
    name: 'convert a balance (currencies kept separate)',
    path: '/app/group/11',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Convert a balance into another currency' }).click();
      const modal = page.getByRole('dialog', { name: 'Convert a balance' });
      await modal.getByLabel(/^Rate: 1 USD/).fill('150');
      await modal.getByText(/Afterwards with Bea Costa/).waitFor();
    },
  },
  {
    name: 'confirm dialog (leave group)',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Dinner at Time Out Market').waitFor();
      await page.getByRole('link', { name: 'Group settings' }).click();
      await page.getByRole('button', { name: 'Leave group' }).click();
      await page.getByRole('alertdialog', { name: 'Leave group' }).waitFor();
    },
  },
  {
    name: 'group with a recurring expense',
    path: '/app/group/8',
    signedIn: true,
    ready: async (page) => {
      await page
        .getByRole('region', { name: 'Recurring' })
        .getByText(/Next: Dec 31, 2026/)
        .waitFor();
      await page.getByText('Repeats monthly').first().waitFor();
    },
  },
  {
    name: 'expense form, repeating monthly until a date',
    path: '/app/group/8',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Flat rent').first().waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
      const form = page.getByRole('dialog', { name: 'Add New Expense' });
      await form.getByLabel('Repeat').selectOption({ label: 'Monthly' });
      await form.getByLabel('Ends').selectOption({ label: 'On a date' });
      await form.getByLabel('End date').waitFor();
      await form.getByText(/^Repeats monthly on day/).waitFor();
    },
  },
  {
    name: 'occurrence of a recurring expense',
    path: '/app/group/8',
    signedIn: true,
    ready: async (page) => {
      await page
        .getByRole('region', { name: 'Group Activity' })
        .getByRole('button', { name: /Flat rent/ })
        .first()
        .click();
      const detail = page.getByRole('dialog', { name: 'Flat rent' });
      await detail.getByRole('button', { name: 'Edit this and future' }).waitFor();
      await detail.getByText('Next: Dec 31, 2026').waitFor();
    },
  },
  {
    name: 'edit this and future occurrences',
    path: '/app/group/8',
    signedIn: true,
    ready: async (page) => {
      await page
        .getByRole('region', { name: 'Group Activity' })
        .getByRole('button', { name: /Flat rent/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Edit this and future' }).click();
      const form = page.getByRole('dialog', { name: 'Edit this and future' });
      await form.getByLabel('Number of times').waitFor();
    },
  },
  {
    name: 'confirm dialog (end series)',
    path: '/app/group/8',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'End series: Flat rent' }).click();
      await page.getByRole('alertdialog', { name: 'End series' }).waitFor();
    },
  },
  { name: 'friends', path: '/app/friends', signedIn: true, ready: text('Farah Ali') },
  {
    name: 'friends, invalid e-mail',
    path: '/app/friends',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Farah Ali').waitFor();
      await page.getByRole('button', { name: 'Add Friend', exact: true }).click();
      await page.getByText('Please enter a valid email address.').waitFor();
    },
  },
  {
    name: 'add-expense picker',
    path: '/app/add-expense',
    signedIn: true,
    ready: text('Bea Costa'),
  },
  {
    name: 'new expense page',
    path: '/app/add-expense',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: /Lisbon trip/ }).click();
      await page.getByText('Group: Lisbon trip').first().waitFor();
    },
  },
  { name: 'activity', path: '/app/activity', signedIn: true, ready: text('You get back') },
  { name: 'search', path: '/app/search', signedIn: true, ready: text('Apartment') },
  {
    name: 'search in a group, filters open, a field error',
    path: '/app/group/7/search?q=tram',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Tram 28 tickets').waitFor();
      await page.getByRole('button', { name: /Filters/ }).click();
      await page.getByLabel('Max amount').fill('abc');
      await page.getByText('Enter an amount like 12.50.').waitFor();
    },
  },
  {
    name: 'notifications',
    path: '/app/notifications',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Farah Ali sent you a friend request').waitFor();
      await page.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
    },
  },
  {
    name: 'account',
    path: '/app/account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'My friend code' }).waitFor();
      await page.getByText('ann.lee@example.org').waitFor();
      await page.getByRole('link', { name: 'Contact us' }).waitFor();
      await page.getByRole('combobox', { name: 'Currency' }).waitFor();
    },
  },
  {
    name: 'account, edit name (with an error)',
    path: '/app/account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Edit name' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit name' });
      await edit.getByLabel('Name').fill('');
      await edit.getByRole('button', { name: 'Save name' }).click();
      await edit.getByText('Please enter your name.').waitFor();
    },
  },
  {
    name: 'account, change e-mail',
    path: '/app/account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Change e-mail' }).click();
      await page.getByRole('dialog', { name: 'Change e-mail' }).waitFor();
    },
  },
  {
    name: 'account, friend code (QR)',
    path: '/app/account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'My friend code' }).click();
      await page.getByRole('img', { name: 'QR code for your friend link' }).waitFor();
    },
  },
  {
    name: 'account, scan code',
    path: '/app/account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Scan code' }).click();
      const scan = page.getByRole('dialog', { name: 'Scan code' });
      await scan.getByLabel('Paste a link').fill('https://example.com/nothing');
      await scan.getByRole('button', { name: 'Open link' }).click();
      await scan.getByText('That code is not an Evenly invite.').waitFor();
    },
  },
  {
    name: 'account, delete account',
    path: '/app/account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('alertdialog', { name: 'Delete account' }).waitFor();
    },
  },
  {
    name: 'add friend by link',
    path: '/add-friend/beaFriendLinkToken456',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Add Bea Costa as a friend' }).waitFor();
    },
  },
  {
    name: 'confirm e-mail (error)',
    path: '/confirm-email?token=abc',
    signedIn: false,
    ready: text('Go to login'),
  },
  {
    name: 'account, change password',
    path: '/app/account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Security' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'group charts (category as a table)',
    path: '/app/groups/7/charts',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('img', { name: /^Spending by category: Rent/ }).waitFor();
      await page
        .getByRole('region', { name: 'Spending by category' })
        .getByRole('button', { name: 'Show as table' })
        .click();
      await page.getByRole('table', { name: 'Spending by category' }).waitFor();
    },
  },
  {
    name: 'my charts and budgets',
    path: '/app/reports',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('progressbar', { name: 'Dining out' }).waitFor();
      await page.getByRole('img', { name: /^My share by month/ }).waitFor();
    },
  },
  {
    name: 'my charts, budget form',
    path: '/app/reports',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Add budget' }).click();
      const form = page.getByRole('form', { name: 'New budget' });
      await form.getByRole('button', { name: 'Save budget' }).click();
      await form.getByRole('alert').waitFor();
    },
  },
  {
    name: 'notification settings',
    path: '/app/account/notifications',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('radiogroup', { name: 'E-mail for Friend requests' }).waitFor();
      // A change shows the unsaved state (its status line is audited too).
      await page.getByRole('switch', { name: 'Push for Reminders to settle up' }).click();
      await page.getByText('Unsaved changes').waitFor();
    },
  },
  {
    name: 'unsubscribe',
    path: '/unsubscribe?token=abc',
    signedIn: false,
    ready: text('Stop the e-mails this link came with.'),
  },
  { name: 'help', path: '/app/help', signedIn: true, ready: text('Scan a receipt') },
  {
    name: 'settle up',
    path: '/app/settle-up',
    signedIn: true,
    ready: async (page) => {
      await page.getByLabel('Friend').selectOption({ label: 'Dana Kim' });
      await page.getByLabel(/^Amount/).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'settle up, filled in from a friend row',
    path: '/app/settle-up?with=5',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Bea Costa owes you').waitFor();
      await page.getByRole('button', { name: 'Bea Costa paid me', pressed: true }).waitFor();
    },
  },
  {
    name: 'payment deleted, with Undo',
    path: '/app/group/7',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Dinner at Time Out Market').waitFor();
      await page.getByRole('button', { name: 'Delete payment: Carlos Diaz paid Ann Lee' }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete payment' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await page.getByRole('status').getByRole('button', { name: 'Undo' }).waitFor();
    },
  },
  { name: 'app 404', path: '/app/nothing-here', signedIn: true, ready: text('Page not found') },
  {
    name: 'import from Splitwise',
    path: '/app/import/splitwise',
    signedIn: true,
    ready: text('1. Choose the file'),
  },
  {
    name: 'import from Splitwise, preview and who is who',
    path: '/app/import/splitwise',
    signedIn: true,
    ready: splitwisePreview,
  },
  {
    name: 'import from Splitwise, a file refused by line',
    path: '/app/import/splitwise',
    signedIn: true,
    ready: async (page) => {
      await page.route('**/api/imports/splitwise/preview', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 400,
            error: 'Bad Request',
            code: 'VALIDATION_FAILED',
            message: 'Line 7: the person columns add up to 0.01, not 0: every row must balance.',
            details: [
              {
                field: 'line 7',
                message:
                  'Line 7: the person columns add up to 0.01, not 0: every row must balance.',
              },
              { field: 'line 9', message: 'Line 9: "2025-13-01" is not a date (YYYY-MM-DD).' },
            ],
          }),
        }),
      );
      await page.getByLabel('Splitwise CSV export').setInputFiles(SPLITWISE_FILE);
      await page.getByText('Line 9: "2025-13-01" is not a date (YYYY-MM-DD).').waitFor();
    },
  },
  {
    name: 'group settings, export',
    path: '/app/groups/15/settings',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    },
  },
  {
    name: 'groups list with a guest to claim',
    path: '/app/groups',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: "That's me" }).waitFor();
      await page.getByText('Lisbon trip').first().waitFor();
    },
  },
  {
    name: 'group settings',
    path: '/app/groups/15/settings',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Otto Guest').first().waitFor();
      await page.getByRole('img', { name: 'QR code for the invite link' }).waitFor();
    },
  },
  {
    name: 'group settings, add someone without an account',
    path: '/app/groups/15/settings',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Add someone without an account' }).click();
      const modal = page.getByRole('dialog', { name: 'Add someone without an account' });
      await modal.getByRole('button', { name: 'Add person' }).click();
      await modal.getByText('Please enter a name.').waitFor();
    },
  },
  {
    name: 'group settings, merge a guest',
    path: '/app/groups/15/settings',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Merge Nora Guest into…' }).click();
      await page.getByRole('dialog', { name: 'Merge Nora Guest' }).waitFor();
    },
  },
  {
    name: 'group page with a cover and guests',
    path: '/app/group/15',
    signedIn: true,
    ready: text('Nora Guest'),
  },
  {
    name: 'join page (signed in, guests to claim)',
    path: '/join/mock-invite-token',
    signedIn: true,
    ready: text('Are you one of these people?'),
  },
  {
    name: 'join page (signed out)',
    path: '/join/mock-invite-token',
    signedIn: false,
    ready: text('Sign in to join'),
  },
  {
    name: 'join page (invalid link)',
    path: '/join/no-such-token',
    signedIn: false,
    ready: text('This invite link is invalid or has been revoked.'),
  },
  {
    name: 'friend page',
    path: '/app/friends/5',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Bea Costa', level: 1 }).waitFor();
    },
  },
  ...DESKTOP_SCREENS,
];

/**
 * Audits one part of the screens (`part` of `parts`, from 1), each in a fresh context: in the light
 * theme, then, on the same page, in the dark one. The theme is the person's System choice, so the
 * page follows the emulated `prefers-color-scheme` live (issue #31 point 5): a screen is loaded and
 * brought into its state once for both audits. Returns the violations found.
 */
export async function auditScreens(
  browser: Browser,
  server: StaticServer,
  part: number,
  parts: number,
): Promise<string[]> {
  const size = Math.ceil(SCREENS.length / parts);
  const screens = SCREENS.slice((part - 1) * size, part * size);
  const problems: string[] = [];
  for (const screen of screens) {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: screen.desktop ? DESKTOP_VIEWPORT : PHONE_VIEWPORT,
      colorScheme: 'light',
    });
    if (screen.signedIn) await useMockApi(context, 'system');
    else await useMockInviteApi(context);
    const page = await context.newPage();
    await page.goto(server.baseUrl + screen.path);
    await screen.ready(page);
    for (const p of await audit(page)) problems.push(`${screen.name} (light): ${p}`);
    // Colours are read as they are now: no transition may leave one half-way to the dark theme.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    for (const p of await audit(page)) problems.push(`${screen.name} (dark): ${p}`);
    await context.close();
  }
  console.log(
    `[axe] part ${part} of ${parts}: ${screens.length} screens audited in both themes (${screens.map((s) => s.name).join('; ')}), ${problems.length} violations`,
  );
  return problems;
}

/** The browser and the mocked-API web server a test file audits with, opened and closed around it. */
export function auditTargets(): { browser: () => Browser; server: () => StaticServer } {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startStaticServer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the audit targets open in beforeAll');
    return value;
  };
  return { browser: () => opened(browser), server: () => opened(server) };
}
