// The accessibility audit's admin-area screens (phone), on the mocked API (mockAdminApi.ts).
import type { Screen } from './a11y-screen';
import { text } from './a11y-screen';

export const ADMIN_SCREENS: Screen[] = [
  {
    name: 'admin, people',
    path: '/app/admin',
    signedIn: true,
    ready: async (page) => {
      await page.getByText('bob@example.com').waitFor();
      await page.getByText('Disabled', { exact: true }).waitFor();
    },
  },
  {
    name: 'admin, people, confirm disable',
    path: '/app/admin',
    signedIn: true,
    ready: async (page) => {
      await page.getByLabel('Actions for Cy Park').selectOption('disable');
      await page.getByRole('alertdialog', { name: 'Disable this account?' }).waitFor();
    },
  },
  {
    name: 'admin, registration',
    path: '/app/admin?section=registration',
    signedIn: true,
    ready: text("Chosen here. The server's REGISTRATION setting says Open."),
  },
  {
    name: 'admin, instance',
    path: '/app/admin?section=instance',
    signedIn: true,
    ready: text('9.0 MB'),
  },
  {
    name: 'admin, health',
    path: '/app/admin?section=health',
    signedIn: true,
    ready: text('403 invalid JWT provided'),
  },
  {
    name: 'admin, backup',
    path: '/app/admin?section=backup',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Download now' }).waitFor();
    },
  },
  {
    name: 'admin, audit log',
    path: '/app/admin?section=audit',
    signedIn: true,
    ready: text('Ann Lee disabled bob@example.com'),
  },
];
