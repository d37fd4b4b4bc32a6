// The accessibility audit's phone screens, second part: repeating expenses, search, activity and
// notifications, the account (a11y-screens-account.ts), charts and budgets, group settings, join pages and friends.
import type { Screen } from './a11y-screen';
import { SPLITWISE_FILE, splitwisePreview, text } from './a11y-screen';
import { ACCOUNT_SCREENS } from './a11y-screens-account';
import { ADMIN_SCREENS } from './a11y-screens-admin';

export const ACCOUNT_AND_SETTINGS_SCREENS: Screen[] = [
  {
    name: 'confirm dialog (end series)',
    path: '/app/group/8',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'End series: Flat rent' }).click();
      await page.getByRole('alertdialog', { name: 'End series' }).waitFor();
    },
  },
  {
    name: 'friends (with others in your groups)',
    path: '/app/friends',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Farah Ali').first().waitFor();
      await page
        .getByRole('region', { name: 'Others in your groups' })
        .getByText('Hana Sato')
        .waitFor();
    },
  },
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
  ...ACCOUNT_SCREENS,
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
    name: 'settle up, pay buttons',
    path: '/app/settle-up?with=14',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('link', { name: /^Pay \$42\.25 with Venmo/ }).waitFor();
      await page.getByText('No Venmo app? Pay on the Venmo website').waitFor();
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
      await page.route('**/api/imports/preview', (route) =>
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
      await page.getByLabel('Group export file').setInputFiles(SPLITWISE_FILE);
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
    name: 'group settings, trip report dialog',
    path: '/app/groups/15/settings',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Download report (PDF)' }).click();
      await page.getByRole('dialog', { name: 'Download report (PDF)' }).waitFor();
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
  ...ADMIN_SCREENS,
];
