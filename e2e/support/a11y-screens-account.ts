// The accessibility audit's account screens (phone): the account page and its dialogs (name,
// how to pay me, e-mail, friend code, API tokens, password, deletion), the friend link and
// the e-mail confirmation pages.
import type { Screen } from './a11y-screen';
import { text } from './a11y-screen';

export const ACCOUNT_SCREENS: Screen[] = [
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
    name: 'account, how to pay me (with an error)',
    path: '/app/account',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Edit how to pay me' }).click();
      const edit = page.getByRole('dialog', { name: 'How to pay me' });
      await edit.getByLabel('IBAN').fill('PT50 0002 0123 1234 5678 9015 5');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.getByText('This IBAN is not valid: a character is probably mistyped.').waitFor();
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
    name: 'account, API tokens',
    path: '/app/account/api-tokens',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('Monthly export script').waitFor();
      await page.getByRole('button', { name: 'Revoke Home automation' }).waitFor();
    },
  },
  {
    name: 'account, new API token (with an error)',
    path: '/app/account/api-tokens',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'New token' }).click();
      const dialog = page.getByRole('dialog', { name: 'New API token' });
      await dialog.getByRole('radio', { name: /On a date/ }).check();
      await dialog.getByRole('button', { name: 'Create token' }).click();
      await dialog.getByText('Give the token a name of 1 to 80 characters.').waitFor();
    },
  },
  {
    name: 'account, new API token shown once',
    path: '/app/account/api-tokens',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'New token' }).click();
      const dialog = page.getByRole('dialog', { name: 'New API token' });
      await dialog.getByLabel('Name').fill('Backup');
      await dialog.getByRole('button', { name: 'Create token' }).click();
      await page
        .getByRole('dialog', { name: 'Your new API token' })
        .getByText(/not see it again/)
        .waitFor();
    },
  },
  {
    name: 'account, revoke an API token',
    path: '/app/account/api-tokens',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Revoke Monthly export script' }).click();
      await page.getByRole('alertdialog', { name: 'Revoke this token?' }).waitFor();
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
    ready: text('Go to sign in'),
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
];
