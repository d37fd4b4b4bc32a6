// Split by item (issue #15), full stack: a real receipt from the dev set (a Malaysian roast-meat
// shop, SROIE) scanned by the server's own OCR engine, its items assigned to people in
// Chromium, one shared and one added by hand, and the EXACT split that comes out summing to the
// total to the cent. The dev set lives beside the repository (../shared), not in it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  openAs,
  seeText,
  startAppServer,
} from './support/app';
import { launchBrowser } from './support/browser';
import type { RunningServer } from './support/server';

const RECEIPT = fileURLToPath(
  new URL('../../shared/datasets/receipts-dev/sroie-train-020.jpg', import.meta.url),
);
const HAVE_DATASET = existsSync(RECEIPT);
if (!HAVE_DATASET) console.warn('[e2e] ../shared/datasets not found: split-by-item flow skipped.');

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  if (!HAVE_DATASET) return;
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ExpenseOut {
  amount: number;
  splitType: string;
  splits: { owedBy: { id: number }; amountOwed: number }[];
  items: { description: string; users: { id: number }[] }[];
}

const cents = (n: number) => Math.round(n * 100);

describe.runIf(HAVE_DATASET)('split by item', () => {
  it('assigns the items of a scanned receipt to people and saves an exact split', async () => {
    const [ann, bea, cid] = await Promise.all([
      createUser(server, 'Ann Lim'),
      createUser(server, 'Bea Ong'),
      createUser(server, 'Cid Tan'),
    ]);
    await Promise.all([befriend(server, ann, bea), befriend(server, ann, cid)]);
    const group = await createGroup(server, ann, 'Roast night', [bea, cid], {
      defaultCurrency: 'MYR',
    });
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Add Expense' }).click();
    const form = dialog(page, 'Add New Expense');
    await form.getByLabel('Receipt (optional)').setInputFiles({
      name: 'roast.jpg',
      mimeType: 'image/jpeg',
      buffer: readFileSync(RECEIPT),
    });
    // The first scan also starts the OCR engine.
    const itemsButton = form.getByRole('button', { name: /^Split by item \(\d+ items\)$/ });
    await itemsButton.waitFor({ timeout: 90_000 });
    const amount = await form.getByLabel('Amount (MYR)').inputValue();
    expect(amount).toMatch(/^\d+\.\d{2}$/);
    // The description is the shop's name as people write it, not the legal entity.
    expect(await form.getByLabel('Description').inputValue()).not.toMatch(/SDN|BHD/i);

    await itemsButton.click();
    const items = dialog(page, 'Split by item');
    const groups = items.getByRole('group', { name: /^Who had / });
    const count = await groups.count();
    expect(count).toBeGreaterThanOrEqual(2);
    // The first item is Bea's, the second shared by Ann and Cid, the rest Ann's.
    await groups.nth(0).getByRole('button', { name: 'Bea Ong' }).click();
    await groups.nth(1).getByRole('button', { name: 'Ann Lim' }).click();
    await groups.nth(1).getByRole('button', { name: 'Cid Tan' }).click();
    for (let i = 2; i < count; i++) {
      await groups.nth(i).getByRole('button', { name: 'Ann Lim' }).click();
    }
    expect(
      await groups.nth(0).getByRole('button', { name: 'Bea Ong' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // An item the scanner missed, added by hand; unassigned it is refused.
    await items.getByRole('button', { name: '+ Add item' }).click();
    await items.getByLabel(`Item ${String(count + 1)}`, { exact: true }).fill('Extra rice');
    await items.getByLabel('Price (MYR)').last().fill('2.00');
    await items.getByRole('button', { name: 'Use this split' }).click();
    await items.getByText('Please assign "Extra rice" to at least one person.').waitFor();
    await groups.nth(count).getByRole('button', { name: 'Cid Tan' }).click();
    await items.getByText(/Tax, service and rounding:/).waitFor();
    await items.getByRole('button', { name: 'Use this split' }).click();
    await items.waitFor({ state: 'detached' });
    await form.getByText('Exact amounts · 3 people').waitFor();

    await form.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await seeText(page, 'Expense added!');

    const [expense] = await apiCall<ExpenseOut[]>(
      server,
      'GET',
      `/groups/${group.id}/transactions`,
      { token: ann.token },
    );
    expect(expense?.splitType).toBe('EXACT');
    expect(cents(expense?.amount ?? 0)).toBe(cents(Number(amount)));
    const owed = new Map(expense?.splits.map((s) => [s.owedBy.id, cents(s.amountOwed)]));
    expect([...owed.values()].reduce((s, v) => s + v, 0)).toBe(cents(Number(amount)));
    for (const u of [ann, bea, cid]) expect(owed.get(u.id) ?? 0).toBeGreaterThan(0);
    // The items and who had each are saved with it (issue #31 point 2).
    const who = expense?.items.map((i) => i.users.map((u) => u.id)) ?? [];
    expect(who).toHaveLength(count + 1);
    expect(who[0]).toEqual([bea.id]);
    expect(who[1]).toEqual([ann.id, cid.id]);
    expect(expense?.items[count]).toMatchObject({
      description: 'Extra rice',
      users: [{ id: cid.id }],
    });
    await context.close();
  });
});
