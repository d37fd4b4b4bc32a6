// Recurring expenses (issue #11) against the real server, whose clock is faked (EVENLY_FAKE_NOW
// reads an instant from a file at every look): a monthly series on day 31 is created in the
// expense form in a Lisbon browser, its next occurrence appears on the clamped date when the
// clock reaches it, the series is ended from the group page, and no occurrence follows, while a
// control series in the same group goes on being created past those dates.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  type GroupInfo,
  openAs,
  seeText,
  startAppServer,
  type TestUser,
} from './support/app';
import { launchBrowser } from './support/browser';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;
let clockDir: string;
let clockFile: string;

/** Moves the server's clock (read from the file at every look of the materializer). */
function setClock(iso: string) {
  writeFileSync(clockFile, iso);
}

beforeAll(async () => {
  clockDir = mkdtempSync(join(tmpdir(), 'evenly-clock-'));
  clockFile = join(clockDir, 'now');
  // Lisbon is on UTC+0 in winter: 10:00 there on the series' first day.
  setClock('2027-01-31T10:00:00.000Z');
  [browser, server] = await Promise.all([
    launchBrowser(),
    startAppServer({ EVENLY_FAKE_NOW: `file:${clockFile}`, RECURRING_TICK_MS: '100' }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

interface ExpenseRow {
  type?: string;
  id: number;
  description: string;
  amount: number;
  date: string;
  occurrenceDate?: string | null;
  series?: { id: number; nextDate: string | null; ended: boolean } | null;
}

/** The dates of the group's expenses called `description`, oldest first. */
async function expensesOf(user: TestUser, group: GroupInfo, description: string) {
  return (await rowsOf(user, group, description)).map((t) => t.date.slice(0, 10));
}

async function rowsOf(user: TestUser, group: GroupInfo, description: string) {
  const all = await apiCall<ExpenseRow[]>(server, 'GET', `/groups/${group.id}/transactions`, {
    token: user.token,
  });
  return all
    .filter((t) => t.description === description)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** "date amount" of each occurrence, oldest first. */
async function amountsOf(user: TestUser, group: GroupInfo, description: string) {
  return (await rowsOf(user, group, description)).map((t) => `${t.date.slice(0, 10)} ${t.amount}`);
}

/** Ann and Bea, friends, in Ann's group `name`. */
async function flatmates(name: string) {
  const [ann, bea] = await Promise.all([
    createUser(server, 'Ann Lee'),
    createUser(server, 'Bea Costa'),
  ]);
  await befriend(server, ann, bea);
  const group = await createGroup(server, ann, name, [bea]);
  return { ann, bea, group };
}

/** A monthly series through the API (its first occurrence on `date`), paid by `payer`. */
async function monthlySeries(
  payer: TestUser,
  other: TestUser,
  group: GroupInfo,
  description: string,
  amount: number,
  date: string,
) {
  await apiCall(server, 'POST', '/expenses', {
    token: payer.token,
    body: {
      description,
      amount,
      date,
      groupId: group.id,
      splitType: 'EQUAL',
      payers: [{ userId: payer.id, amountPaid: amount }],
      splits: [
        { userId: payer.id, value: null },
        { userId: other.id, value: null },
      ],
      recurrence: { frequency: 'MONTHLY', timeZone: 'Europe/Lisbon' },
    },
  });
}

/** Polls the API until `description` has occurrences on exactly `dates` (60 s at most). */
async function waitForOccurrences(
  user: TestUser,
  group: GroupInfo,
  description: string,
  dates: string[],
) {
  const deadline = Date.now() + 60_000;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = await expensesOf(user, group, description);
    if (JSON.stringify(seen) === JSON.stringify(dates)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${description}: expected ${dates.join(', ')}, saw ${seen.join(', ')}`);
}

function recurringSection(page: Page) {
  return page.getByRole('region', { name: 'Recurring' });
}

describe('recurring expenses', () => {
  it('creates a monthly series, shows its next date, ends it, and nothing more is added', async () => {
    const { ann, bea, group } = await flatmates('Flat 3B');
    // The control: Bea's monthly internet bill on day 31 as well, never ended.
    await monthlySeries(bea, ann, group, 'Internet', 30, '2027-01-31');

    const { page, context, liveEventsOpened } = await openAs(
      browser,
      server,
      ann,
      `/app/group/${group.id}`,
      { timezoneId: 'Europe/Lisbon' },
    );
    await page.getByRole('heading', { name: 'Flat 3B', level: 1 }).waitFor();
    await liveEventsOpened();

    // The form: a monthly rent on 31 January, twelve times, in the browser's time zone.
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Description').fill('Rent');
    await form.getByLabel(/^Amount/).fill('1200');
    await form.getByLabel('Date', { exact: true }).fill('2027-01-31');
    expect(await form.getByLabel('Ends').count()).toBe(0);
    await form.getByLabel('Repeat').selectOption({ label: 'Monthly' });
    await form
      .getByText('Repeats monthly on day 31 (last day in shorter months), Europe/Lisbon')
      .waitFor();
    await form.getByLabel('Ends').selectOption({ label: 'After N times' });
    await form.getByLabel('Number of times').fill('0');
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    // Shown beside the field, which takes focus (issue #13 point 2).
    await form.getByText('The number of times must be a whole number from 1 to 1000.').waitFor();
    const times = form.getByLabel('Number of times');
    expect(await times.getAttribute('aria-invalid')).toBe('true');
    expect(await times.evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByLabel('Number of times').fill('12');
    await form.getByText(/Europe\/Lisbon · 12 times/).waitFor();
    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await seeText(page, 'Recurring expense added!');
    await form.waitFor({ state: 'detached' });

    // The group page lists the series with its next (clamped) date; the first one is there.
    const rentRow = recurringSection(page).getByRole('listitem').filter({ hasText: 'Rent' });
    await rentRow.getByText('Repeats monthly, 12 times · Next: Feb 28, 2027').waitFor();
    await page
      .getByRole('region', { name: 'Group Activity' })
      .getByRole('button', { name: /Rent/ })
      .getByText('Repeats monthly')
      .waitFor();
    expect(await expensesOf(ann, group, 'Rent')).toEqual(['2027-01-31']);

    // February 28 arrives in Lisbon: the server adds the occurrence on the clamped date.
    setClock('2027-02-28T12:00:00.000Z');
    await waitForOccurrences(ann, group, 'Rent', ['2027-01-31', '2027-02-28']);
    await rentRow.getByText('Next: Mar 31, 2027', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'February 2027' }).getByText('Rent').waitFor();

    // The February occurrence offers the series' actions.
    await page
      .getByRole('region', { name: 'February 2027' })
      .getByRole('button', { name: /Rent/ })
      .click();
    const detail = dialog(page, 'Rent');
    await detail.getByText('Next: Mar 31, 2027').waitFor();
    for (const name of ['Edit this one', 'Edit this and future', 'Delete this one', 'Skip next']) {
      await detail.getByRole('button', { name, exact: true }).waitFor();
    }
    await detail.getByRole('button', { name: 'Close', exact: true }).last().click();
    await detail.waitFor({ state: 'detached' });

    // End it from the group's Recurring section.
    await recurringSection(page).getByRole('button', { name: 'End series: Rent' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'End series' });
    await confirm.getByText(/Stop repeating "Rent"\?/).waitFor();
    await confirm.getByRole('button', { name: 'End series' }).click();
    await seeText(page, 'Series ended');
    await rentRow.waitFor({ state: 'detached' });
    // The control series is still listed.
    await recurringSection(page).getByText('Internet').waitFor();

    // Months pass: the control goes on (31 Mar, 30 Apr), the ended rent adds nothing more.
    setClock('2027-04-30T12:00:00.000Z');
    await waitForOccurrences(ann, group, 'Internet', [
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(await expensesOf(ann, group, 'Rent')).toEqual(['2027-01-31', '2027-02-28']);
    await page.getByRole('region', { name: 'April 2027' }).getByText('Internet').waitFor();
    expect(
      await page
        .getByRole('region', { name: 'April 2027' })
        .getByText('Rent', { exact: true })
        .count(),
    ).toBe(0);
    // The occurrences already added stay, marked as an ended series.
    await page
      .getByRole('region', { name: 'February 2027' })
      .getByText('Repeats monthly · ended')
      .waitFor();
    await context.close();
  });

  it('edits this and future occurrences, skips the next one and deletes one', async () => {
    // After the first test's clock (it only moves forward).
    setClock('2027-05-15T10:00:00.000Z');
    const { ann, bea, group } = await flatmates('Flat 4C');
    await monthlySeries(ann, bea, group, 'Cleaning', 60, '2027-05-15');
    setClock('2027-06-15T12:00:00.000Z');
    await waitForOccurrences(ann, group, 'Cleaning', ['2027-05-15', '2027-06-15']);

    const { page, context, liveEventsOpened } = await openAs(
      browser,
      server,
      ann,
      `/app/group/${group.id}`,
      { timezoneId: 'Europe/Lisbon' },
    );
    await page.getByRole('heading', { name: 'Flat 4C', level: 1 }).waitFor();
    await liveEventsOpened();
    const month = (label: string) => page.getByRole('region', { name: label });
    const open = async (label: string) => {
      await month(label)
        .getByRole('button', { name: /Cleaning/ })
        .click();
      const detail = dialog(page, 'Cleaning');
      await detail.getByRole('heading', { name: 'Who owes what' }).waitFor();
      return detail;
    };

    // June and later cost 80 from now on; May keeps its 60.
    await (await open('June 2027')).getByRole('button', { name: 'Edit this and future' }).click();
    const form = dialog(page, 'Edit this and future');
    expect(await form.getByLabel('Repeat').inputValue()).toBe('MONTHLY');
    await form.getByText('Repeats monthly on day 15, Europe/Lisbon').waitFor();
    await form.getByLabel(/^Amount/).fill('80');
    await form.getByRole('button', { name: 'Update Expense' }).click();
    await seeText(page, 'Expense and future repeats updated!');
    await form.waitFor({ state: 'detached' });
    expect(await amountsOf(ann, group, 'Cleaning')).toEqual(['2027-05-15 60', '2027-06-15 80']);
    setClock('2027-07-15T12:00:00.000Z');
    await waitForOccurrences(ann, group, 'Cleaning', ['2027-05-15', '2027-06-15', '2027-07-15']);
    expect(await amountsOf(ann, group, 'Cleaning')).toEqual([
      '2027-05-15 60',
      '2027-06-15 80',
      '2027-07-15 80',
    ]);

    // Skip August from the July occurrence: the next date becomes 15 September.
    await (await open('July 2027')).getByRole('button', { name: 'Skip next' }).click();
    const skip = page.getByRole('alertdialog', { name: 'Skip next' });
    await skip
      .getByText('Skip "Cleaning" on Aug 15, 2027? Later repeats are still added.')
      .waitFor();
    await skip.getByRole('button', { name: 'Skip', exact: true }).click();
    await seeText(page, 'Skipped Aug 15, 2027');
    await recurringSection(page)
      .getByText(/Next: Sep 15, 2027/)
      .waitFor();

    // Delete May alone: the others stay, and it is not created again.
    await (await open('May 2027')).getByRole('button', { name: 'Delete this one' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Delete this one' });
    await remove.getByRole('button', { name: 'Delete this one' }).click();
    await seeText(page, 'Expense deleted');
    await month('May 2027').waitFor({ state: 'detached' });

    setClock('2027-09-15T12:00:00.000Z');
    await waitForOccurrences(ann, group, 'Cleaning', ['2027-06-15', '2027-07-15', '2027-09-15']);
    await month('September 2027').getByText('Cleaning').waitFor();
    await recurringSection(page)
      .getByText(/Next: Oct 15, 2027/)
      .waitFor();
    await context.close();
  });
});
