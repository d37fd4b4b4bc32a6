// Steps the expense e2e files share (expenses.e2e.test.ts, expense-detail.e2e.test.ts): three
// friends in a group, the group page's add-expense form, its split dialog, balances and details.
import type { Browser, Locator, Page } from 'playwright-core';
import {
  befriend,
  createGroup,
  createUser,
  dialog,
  type GroupInfo,
  openAs,
  type TestUser,
} from './app';
import type { RunningServer } from './server';

export interface Trio {
  ann: TestUser;
  bea: TestUser;
  carl: TestUser;
  group: GroupInfo;
}

/** Ann, Bea and Carl, friends of Ann, in Ann's group "Lisbon trip". */
export async function trio(server: RunningServer): Promise<Trio> {
  const [ann, bea, carl] = await Promise.all([
    createUser(server, 'Ann Lee'),
    createUser(server, 'Bea Costa'),
    createUser(server, 'Carl Diaz'),
  ]);
  await befriend(server, ann, bea);
  await befriend(server, ann, carl);
  const group = await createGroup(server, ann, 'Lisbon trip', [bea, carl]);
  return { ann, bea, carl, group };
}

export async function openGroup(
  browser: Browser,
  server: RunningServer,
  user: TestUser,
  group: GroupInfo,
) {
  const opened = await openAs(browser, server, user, `/app/group/${group.id}`);
  await opened.page.getByRole('heading', { name: group.name, level: 1 }).waitFor();
  await opened.page.getByRole('region', { name: 'Group Activity' }).waitFor();
  return opened;
}

/** Opens the add-expense modal of the group page and fills description and amount. */
export async function startExpense(
  page: Page,
  description: string,
  amount: string,
): Promise<Locator> {
  await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
  const form = dialog(page, 'Add New Expense');
  await form.getByLabel('Description').fill(description);
  await form.getByLabel(/^Amount/).fill(amount);
  return form;
}

/** Opens the split dialog, picks a split type and types the given values. */
export async function chooseSplit(
  page: Page,
  form: Locator,
  type: 'Equally' | 'Exact amounts' | 'Percentages' | 'Shares',
  values: Record<string, string> = {},
): Promise<Locator> {
  await form.getByRole('button', { name: /Change$/ }).click();
  const split = dialog(page, 'Split options');
  await split.getByRole('radio', { name: type }).click();
  for (const [name, value] of Object.entries(values)) {
    await split.getByLabel(`${type} for ${name}`).fill(value);
  }
  return split;
}

export async function submit(form: Locator, label = 'Add Expense') {
  await form.getByRole('button', { name: label, exact: true }).click();
}

export async function balanceLines(page: Page): Promise<string[]> {
  const region = page.getByRole('region', { name: 'Group Balances' });
  // Each line's words, without its "Remind" button (e2e/notification-settings tests that).
  return (await region.getByRole('listitem').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').replace(/( Remind)?( Settle)?$/, ''),
  );
}

/** Opens an expense's detail modal from the group activity list. */
export async function openDetail(page: Page, description: string): Promise<Locator> {
  await page
    .getByRole('region', { name: 'Group Activity' })
    .getByRole('button', { name: new RegExp(description) })
    .click();
  const detail = dialog(page, description);
  await detail.getByRole('heading', { name: 'Who owes what' }).waitFor();
  return detail;
}

/** Each person's line: paid, share and what the expense means for them (payers net). */
export async function owedDetails(detail: Locator): Promise<string[]> {
  const list = detail.getByRole('list').first();
  return (await list.getByRole('listitem').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );
}
