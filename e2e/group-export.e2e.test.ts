// A group's three downloads from its settings (issue #31 point 6), on a phone and on a desktop
// (dark):
// the CSV with the original amount and currency beside the converted figure, the JSON with
// members, guests, shares, comments and conversions, and the zip "with receipts" whose JSON names
// each receipt file by its path inside the zip.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  befriend,
  createGroup,
  createUser,
  openAs,
  seeText,
  startAppServer,
} from './support/app';
import type { TestUser } from './support/app';
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

/** Clicks `click` and returns the downloaded file's name and bytes (the download event). */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  // The run's browser is shared over a connection, so the file is copied here to be read.
  const path = join(await mkdtemp(join(tmpdir(), 'evenly-download-')), file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** A stored receipt: PNG's signature is what the server checks. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('receipt from the ramen shop'),
]);

async function expenseWithReceipt(owner: TestUser, data: unknown): Promise<number> {
  const body = new FormData();
  body.append('expenseData', JSON.stringify(data));
  body.append('receiptFile', new Blob([PNG], { type: 'image/png' }), 'receipt.png');
  const created = await fetch(`${server.baseUrl}/api/expenses`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.token}` },
    body,
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

interface ExportDoc {
  format: string;
  group: { members: { name: string; guest: boolean }[] };
  expenses: {
    id: number;
    description: string;
    amount: number;
    currency: string;
    splits: { owedBy: { name: string } }[];
    conversion: { amount: number; currency: string } | null;
    receiptUrl: string | null;
    receiptFile?: { path: string | null; missing: boolean } | null;
    comments: { content: string }[];
  }[];
  payments: unknown[];
}

describe.each([
  ['phone', { phone: true }],
  ['desktop (dark)', { desktop: true, theme: 'dark' }],
] as const)('group export on a %s', (_viewport, layout) => {
  it('downloads the group as CSV, JSON and with receipts (zip), each holding what it says', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    const trip = await createGroup(server, ann, 'Tokyo trip', [bea], { defaultCurrency: 'USD' });
    await apiCall(server, 'POST', `/groups/${trip.id}/guests`, {
      body: { name: 'Gus' },
      token: ann.token,
    });
    const ramen = await expenseWithReceipt(ann, {
      groupId: trip.id,
      description: 'Ramen',
      amount: 10000,
      currency: 'JPY',
      exchangeRate: '0.0068',
      date: '2025-03-14',
      category: 'dining_out',
      splitType: 'EQUAL',
      payers: [{ userId: ann.id, amountPaid: 10000 }],
      splits: [{ userId: ann.id }, { userId: bea.id }],
    });
    await apiCall(server, 'POST', `/expenses/${ramen}/comments`, {
      body: { content: 'Best bowl of the trip' },
      token: bea.token,
    });

    const a = await openAs(browser, server, ann, `/app/groups/${trip.id}/settings`, layout);
    const { page } = a;
    const button = (name: string) => page.getByRole('button', { name });
    // Each download says what it holds (its description is the button's).
    const zipButton = button('Export with receipts (zip)');
    expect(await zipButton.getAttribute('aria-describedby')).toBe('export-zip-what');
    await page.locator('#export-zip-what').getByText('every receipt file in one zip').waitFor();

    const csv = await download(page, () => button('Export CSV').click());
    expect(csv.name).toMatch(/^Tokyo-trip_\d{4}-\d{2}-\d{2}_export\.csv$/);
    const lines = csv.bytes.toString('utf8').trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'Date,Description,Category,Cost,Currency,Original cost,Original currency,Ann Lee,Bea Costa,Gus',
    );
    // The converted figure, and beside it what was entered.
    expect(lines[1]).toBe('2025-03-14,Ramen,Dining out,68.00,USD,10000,JPY,34.00,-34.00,0.00');
    await seeText(page, /Downloaded Tokyo-trip_.*\.csv/);

    const json = await download(page, () => button('Export JSON').click());
    expect(json.name).toMatch(/^Tokyo-trip_\d{4}-\d{2}-\d{2}_export\.json$/);
    const doc = JSON.parse(json.bytes.toString('utf8')) as ExportDoc;
    expect(doc.format).toBe('evenly-group-export');
    expect(doc.group.members.map((m) => [m.name, m.guest])).toEqual([
      ['Ann Lee', false],
      ['Bea Costa', false],
      ['Gus', true],
    ]);
    expect(doc.expenses).toEqual([
      expect.objectContaining({
        description: 'Ramen',
        amount: 10000,
        currency: 'JPY',
        conversion: expect.objectContaining({ amount: 68, currency: 'USD' }),
        comments: [expect.objectContaining({ content: 'Best bowl of the trip' })],
      }),
    ]);
    expect(doc.expenses[0]?.splits.map((s) => s.owedBy.name)).toEqual(['Ann Lee', 'Bea Costa']);
    await seeText(page, /Downloaded Tokyo-trip_.*\.json/);

    const zip = await download(page, () => button('Export with receipts (zip)').click());
    expect(zip.name).toMatch(/^Tokyo-trip_\d{4}-\d{2}-\d{2}_export\.zip$/);
    const files = unzipSync(new Uint8Array(zip.bytes));
    const receiptPath = `receipts/expense-${String(ramen)}.png`;
    expect(Object.keys(files).sort()).toEqual(['group.json', receiptPath]);
    expect(Buffer.from(files[receiptPath] ?? []).equals(PNG)).toBe(true);
    const inZip = JSON.parse(new TextDecoder().decode(files['group.json'])) as ExportDoc;
    expect(inZip.expenses[0]).toMatchObject({
      receiptUrl: null,
      receiptFile: { path: receiptPath, missing: false },
    });
    await seeText(page, /Downloaded Tokyo-trip_.*\.zip/);
    await a.context.close();
  });
});
