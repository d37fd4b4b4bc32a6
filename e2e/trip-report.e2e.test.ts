// The trip report from a group's settings (issue #33 point 3): "Download report (PDF)" opens a
// dialog for the dates and receipt pictures, refuses a last day before the first, and downloads
// the PDF for the dates chosen, named after the group and the dates.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createGroup,
  createUser,
  dialog,
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

describe('trip report', () => {
  it('downloads the PDF for the dates chosen', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const trip = await createGroup(server, ann, 'Lisbon trip', [], { defaultCurrency: 'EUR' });
    await apiCall(server, 'POST', '/expenses', {
      token: ann.token,
      body: {
        groupId: trip.id,
        description: 'Pastéis',
        amount: 12.4,
        currency: 'EUR',
        date: '2025-05-02',
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: 12.4 }],
        splits: [{ userId: ann.id }],
      },
    });
    const a = await openAs(browser, server, ann, `/app/groups/${trip.id}/settings`, {
      desktop: true,
    });
    const { page } = a;
    await page.getByRole('button', { name: 'Download report (PDF)' }).click();
    const form = dialog(page, 'Download report (PDF)');
    await form.getByLabel('First day').fill('2025-05-01');
    await form.getByLabel('Last day').fill('2025-04-30');
    await form.getByRole('button', { name: 'Download PDF' }).click();
    await form.getByText('The last day must be on or after the first.').waitFor();

    await form.getByLabel('Last day').fill('2025-05-31');
    await form.getByLabel('Include receipt pictures').check();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      form.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('Lisbon-trip_2025-05-01_2025-05-31_report.pdf');
    const path = join(await mkdtemp(join(tmpdir(), 'evenly-download-')), 'report.pdf');
    await file.saveAs(path);
    expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
    await seeText(page, 'Downloaded Lisbon-trip_2025-05-01_2025-05-31_report.pdf.');
    await a.context.close();
  });
});
