// The accessibility audit's desktop screens (1440×900: side navigation, list and detail side by
// side, desktop dialogs); a11y-audit.ts audits them after the phone screens.
import type { Screen } from './a11y-screen';
import { failedExpenseSave, openGroupExpense, splitwisePreview, text } from './a11y-screen';

/** The desktop layout (side navigation, list and detail side by side, desktop dialogs). */
export const DESKTOP_SCREENS: Screen[] = (
  [
    { name: 'groups', path: '/app/groups', signedIn: true, ready: text('Choose a group') },
    {
      name: 'admin area, health',
      path: '/app/admin?section=health',
      signedIn: true,
      ready: text('550 5.1.1 <someone@example.com>: Recipient address rejected'),
    },
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
    {
      name: 'account, API tokens',
      path: '/app/account/api-tokens',
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('button', { name: 'Revoke Home automation' }).waitFor();
      },
    },
    { name: 'landing', path: '/', signedIn: false, ready: text('Run your own') },
    { name: 'login', path: '/login', signedIn: false, ready: text('Welcome back') },
  ] satisfies Screen[]
).map((screen) => ({ ...screen, name: `desktop: ${screen.name}`, desktop: true }));
