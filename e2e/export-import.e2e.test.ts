// Export and import (issue #14): a group's CSV downloaded from its settings, the account's data
// downloaded as JSON, and a Splitwise group export imported through the preview (who is who,
// totals) into a new group whose balances are the file's; the same file again is refused. A
// Spliit export is recognised by its content and imported the same way (issue #33).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  befriend,
  createGroup,
  createUser,
  openAs,
  seeText,
  startAppServer,
} from './support/app';
import { launchBrowser } from './support/browser';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Clicks `click` and returns the downloaded file's name and text. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  // The run's browser is shared over a connection, so the file is copied here to be read.
  const path = join(await mkdtemp(join(tmpdir(), 'evenly-download-')), file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

const SPLITWISE_CSV = [
  'Date,Description,Category,Cost,Currency,Ann Lee,Bea Costa,Cy',
  '2025-03-01,Dinner,Dining out,90.00,USD,60.00,-30.00,-30.00',
  '2025-03-02,"Taxi, airport",Taxi,30.00,USD,-10.00,20.00,-10.00',
  '2025-03-03,Bea Costa paid Ann Lee,Payment,10.00,USD,-10.00,10.00,0.00',
  '',
  '2025-03-10,Total balance, , ,USD,40.00,0.00,-40.00',
  '',
].join('\n');

describe('export and import', () => {
  it('downloads a group as CSV from its settings and the account as JSON', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    const trip = await createGroup(server, ann, 'Porto trip', [bea]);
    await addEqualExpense(server, ann, trip.id, 'Port wine', 50, [ann, bea]);

    const a = await openAs(browser, server, ann, `/app/groups/${trip.id}/settings`, {
      phone: true,
    });
    const button = a.page.getByRole('button', { name: 'Export CSV' });
    const csv = await download(a.page, () => button.click());
    expect(csv.name).toMatch(/^Porto-trip_\d{4}-\d{2}-\d{2}_export\.csv$/);
    const lines = csv.text.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'Date,Description,Category,Cost,Currency,Original cost,Original currency,Ann Lee,Bea Costa',
    );
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},Port wine,General,50\.00,USD,,,25\.00,-25\.00$/);
    expect(lines[3]).toMatch(/^\d{4}-\d{2}-\d{2},Total balance, , ,USD,,,25\.00,-25\.00$/);
    await seeText(a.page, /Downloaded Porto-trip_/);

    await a.page.goto(`${server.baseUrl}/app/account`);
    const json = await download(a.page, () =>
      a.page.getByRole('button', { name: 'Export my data (JSON)' }).click(),
    );
    expect(json.name).toMatch(/^evenly-account-\d{4}-\d{2}-\d{2}\.json$/);
    const doc = JSON.parse(json.text) as {
      profile: { email: string };
      groups: { name: string }[];
      expenses: { description: string }[];
    };
    expect(doc.profile.email).toBe(ann.email);
    expect(doc.groups.map((g) => g.name)).toEqual(['Porto trip']);
    expect(doc.expenses.map((e) => e.description)).toEqual(['Port wine']);
    await seeText(a.page, 'Your data was downloaded');
    await a.context.close();
  });

  it('imports a Splitwise group export through the preview and refuses it the second time', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    await createGroup(server, ann, 'Existing group', [bea]);
    const a = await openAs(browser, server, ann, '/app/groups', { desktop: true });
    const { page } = a;
    await page.getByRole('link', { name: 'Import a group' }).first().click();
    await page.waitForURL('**/app/import');
    const file = {
      name: 'weekend-trip_2025-03-10_export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(SPLITWISE_CSV),
    };
    await page.getByLabel('Group export file').setInputFiles(file);

    // The preview: what is in the file and who is who (Ann = me, Bea a friend, Cy a new guest).
    await page.getByRole('heading', { name: '3. Who is who' }).waitFor();
    const summary = page.getByRole('region', { name: '2. Check what is in it' });
    await summary.getByText('2025-03-01 – 2025-03-03').waitFor();
    // Recognised from its content.
    await summary.getByText('Splitwise', { exact: true }).waitFor();
    expect(await summary.getByRole('definition').allInnerTexts()).toEqual([
      '2',
      '1',
      '2025-03-01 – 2025-03-03',
      'USD',
    ]);
    const who = page.getByRole('region', { name: '3. Who is who' });
    await expect.poll(() => who.getByLabel('Ann Lee is').inputValue()).toBe('me');
    await expect
      .poll(() => who.getByLabel('Bea Costa is').inputValue())
      .toBe(`friend:${String(bea.id)}`);
    await expect.poll(() => who.getByLabel('Cy is').inputValue()).toBe('guest');
    await who.getByText('gets back $40.00').waitFor();
    await who.getByText('owes $40.00').waitFor();
    await who.getByLabel('Guest’s name').fill('Cy Ramos');
    await expect.poll(() => page.getByLabel('Group name').inputValue()).toBe('Weekend trip');

    // Two columns as "me" is caught before sending.
    await who.getByLabel('Cy is').selectOption('me');
    await seeText(page, 'Only one person can be you.');
    expect(await page.getByRole('button', { name: 'Import group' }).isDisabled()).toBe(true);
    await who.getByLabel('Cy is').selectOption('guest');
    await who.getByLabel('Guest’s name').fill('Cy Ramos');

    await page.getByRole('button', { name: 'Import group' }).click();
    await page.waitForURL(/\/app\/group\/\d+$/);
    await seeText(page, 'Imported 2 expenses and 1 payments');
    // Balances as the file's totals: Ann +40 = Bea owes her 10 and Cy 30; Cy owes Bea 10.
    const balances = page.getByRole('region', { name: 'Group Balances' });
    await balances.getByText('Cy Ramos owes you $30.00').waitFor();
    await balances.getByText('Bea Costa owes you $10.00').waitFor();
    await page.getByText('Taxi, airport').first().waitFor();

    // The same file again: refused in the preview (and by the server).
    await page.goto(`${server.baseUrl}/app/import/splitwise`);
    await page.getByLabel('Group export file').setInputFiles(file);
    await seeText(page, 'You have already imported this file');
    await page.getByRole('link', { name: 'Weekend trip' }).waitFor();
    expect(await page.getByRole('button', { name: 'Import group' }).isDisabled()).toBe(true);

    // A broken file: the problems by line.
    await page
      .getByLabel('Group export file')
      .setInputFiles({ ...file, name: 'broken.csv', buffer: Buffer.from('Date,Description\n1,2') });
    await page
      .getByRole('alert')
      .getByText(/none of the exports Evenly reads/)
      .waitFor();
    // Named as Splitwise, the same file is refused by its header.
    await page.getByLabel('The app it comes from').selectOption('splitwise');
    await page
      .getByRole('alert')
      .getByText(/header must start with/)
      .waitFor();
    await a.context.close();
  });

  it('recognises a Spliit export and imports it with its balances', async () => {
    const ann = await createUser(server, 'Ann');
    const a = await openAs(browser, server, ann, '/app/import', { desktop: true });
    const { page } = a;
    const spliit = await readFile(
      new URL('../apps/api/test/fixtures/imports/spliit.json', import.meta.url),
    );
    await page
      .getByLabel('Group export file')
      .setInputFiles({ name: 'lisbon.json', mimeType: 'application/json', buffer: spliit });
    const summary = page.getByRole('region', { name: '2. Check what is in it' });
    await summary.getByText('Spliit', { exact: true }).waitFor();
    const who = page.getByRole('region', { name: '3. Who is who' });
    await expect.poll(() => who.getByLabel('Ann is').inputValue()).toBe('me');
    await who.getByText('owes €38.33').waitFor();
    await page.getByRole('button', { name: 'Import group' }).click();
    await page.waitForURL(/\/app\/group\/\d+$/);
    // Pairwise, as the entries left them: Bea owes Ann 30 + 15, Cy 30 − 20 (and Bea 6.67).
    const balances = page.getByRole('region', { name: 'Group Balances' });
    await balances.getByText('Bea owes you €45.00').waitFor();
    await balances.getByText('Cy owes you €10.00').waitFor();
    await a.context.close();
  });
});
