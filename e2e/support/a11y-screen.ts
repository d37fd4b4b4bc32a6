// What the accessibility audit knows of a screen (a11y-audit.ts audits them) and the steps that
// bring several screens into the state to audit: the mocked API answers (mockApi.ts) decide what
// each page shows.
import type { Page } from 'playwright-core';

export interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Brings the screen into the state to audit (waits for its content, opens a dialog…). */
  ready: (page: Page) => Promise<void>;
  /** Default: the phone. `desktop`: 1440×900, side navigation and split panes. */
  desktop?: boolean;
  /**
   * The screen changes its browser context (network switched off): it gets a context of its own
   * instead of a page in the one its kind of screens share.
   */
  ownContext?: boolean;
}

export const text = (value: string) => async (page: Page) => {
  await page.getByText(value).first().waitFor();
};

export const openGroupExpense = async (page: Page) => {
  await page.getByText('Dinner at Time Out Market').waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
  await page.getByRole('dialog', { name: 'Add New Expense' }).waitFor();
};

/** Adds an expense through the group page's form (offline: it waits to sync). */
export const addOfflineExpense = async (page: Page, description: string) => {
  await openGroupExpense(page);
  const form = page.getByRole('dialog', { name: 'Add New Expense' });
  await form.getByLabel('Description').fill(description);
  await form.getByLabel(/^Amount/).fill('12.40');
  await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
  await form.waitFor({ state: 'detached' });
};

/** The expense form after a save the server could not take (a 503): what happened, and Retry.
 * (A save whose answer never came waits on the device instead: see the offline screens.) */
export const failedExpenseSave = async (page: Page) => {
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
export const SPLITWISE_FILE = {
  name: 'lisbon-trip_2025-07-01_export.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('Date,Description,Category,Cost,Currency,Ann Lee,Bea,Cy\n'),
};

/** Import a group with a file chosen: its summary and who each person column is. */
export const splitwisePreview = async (page: Page) => {
  await page.getByLabel('Group export file').setInputFiles(SPLITWISE_FILE);
  await page.getByRole('combobox', { name: 'Cy is' }).waitFor();
  await page.getByLabel('Guest’s name').waitFor();
};
