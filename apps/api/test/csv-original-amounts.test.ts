// The group CSV keeps what converted entries were entered as (issue #31 point 6): `Original cost`
// and `Original currency` beside the converted cost, and Evenly's own CSV imported into a new
// group enters each converted entry again in its original currency, so exporting the new group
// gives the same rows, original amounts and currencies included, to the cent.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { befriend } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { multipart } from './support/ledger.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

function upload(who: TestUser, url: string, csv: string, fields: Record<string, string> = {}) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: csv, filename: 'export.csv', contentType: 'text/csv' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

/** The file's rows without the closing totals' export date. */
function rowsOf(csv: string): string[][] {
  const records = parse(csv, { skip_empty_lines: true }) as string[][];
  return records.map((r) => (r[1] === 'Total balance' ? r.slice(1) : r));
}

/** A group keeping balances in `currency` with Ann, her friend Bea and guest Gus. */
async function groupIn(currency: string) {
  const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
  await befriend(ctx.database.handle.db, ann, bea);
  const as = caller(ctx, ann);
  const g = await as('POST', '/api/groups', { name: 'Abroad', defaultCurrency: currency });
  expect(g.statusCode, g.body).toBe(201);
  const groupId = g.json<{ id: number }>().id;
  await as('POST', `/api/groups/${groupId}/members`, { memberIds: [bea.id] });
  const gus = await as('POST', `/api/groups/${groupId}/guests`, { name: 'Gus' });
  const gusId = gus
    .json<{ members: { id: number; guest: boolean }[] }>()
    .members.find((m) => m.guest)?.id;
  return { ann, bea, gusId: gusId ?? 0, groupId, as };
}

describe('original amounts in the group CSV', () => {
  it('writes them beside the converted cost and round-trips them through an import exactly', async () => {
    const { ann, bea, gusId, groupId, as } = await groupIn('EUR');
    const people = [ann.id, bea.id, gusId];
    const entries: [string, Record<string, unknown>][] = [
      [
        '/api/expenses',
        {
          description: 'Sushi',
          amount: 10000,
          currency: 'JPY',
          exchangeRate: '0.006173',
          splitType: 'EQUAL',
          payers: [{ userId: ann.id, amountPaid: 10000 }],
          splits: people.map((userId) => ({ userId })),
          category: 'dining_out',
        },
      ],
      [
        '/api/expenses',
        {
          description: 'Museum, two payers',
          amount: 100,
          currency: 'USD',
          exchangeRate: '0.9137',
          splitType: 'PERCENTAGE',
          payers: [
            { userId: ann.id, amountPaid: 33.33 },
            { userId: bea.id, amountPaid: 66.67 },
          ],
          splits: [
            { userId: ann.id, value: 20 },
            { userId: bea.id, value: 30 },
            { userId: gusId, value: 50 },
          ],
        },
      ],
      [
        '/api/expenses',
        {
          description: 'Dinar dinner',
          amount: 12.345,
          currency: 'KWD',
          convertedAmount: 37.17,
          splitType: 'SHARE',
          payers: [{ userId: bea.id, amountPaid: 12.345 }],
          splits: [
            { userId: ann.id, value: 1 },
            { userId: bea.id, value: 2 },
          ],
        },
      ],
      [
        '/api/expenses',
        {
          description: 'Bread',
          amount: 4.2,
          currency: 'EUR',
          splitType: 'EQUAL',
          payers: [{ userId: gusId, amountPaid: 4.2 }],
          splits: people.map((userId) => ({ userId })),
        },
      ],
      [
        '/api/payments',
        {
          paidByUserId: bea.id,
          paidToUserId: ann.id,
          amount: 3000,
          currency: 'JPY',
          exchangeRate: '0.006173',
        },
      ],
    ];
    for (const [i, [url, body]] of entries.entries()) {
      const date = `2025-03-${String(10 + i)}`;
      const res = await as('POST', url, { groupId, date, ...body });
      expect(res.statusCode, res.body).toBe(201);
    }

    const res = await as('GET', `/api/groups/${groupId}/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual([
      'Date',
      'Description',
      'Category',
      'Cost',
      'Currency',
      'Original cost',
      'Original currency',
      'Ann',
      'Bea',
      'Gus',
    ]);
    // The converted figure (what the balances use), and beside it what was entered.
    expect(rows[1]?.slice(0, 7)).toEqual([
      '2025-03-10',
      'Sushi',
      'Dining out',
      '61.73',
      'EUR',
      '10000',
      'JPY',
    ]);
    expect(rows[2]?.slice(3, 7)).toEqual(['91.37', 'EUR', '100.00', 'USD']);
    expect(rows[3]?.slice(3, 7)).toEqual(['37.17', 'EUR', '12.345', 'KWD']);
    expect(rows[4]?.slice(3, 7)).toEqual(['4.20', 'EUR', '', '']);
    expect(rows[5]?.slice(1, 7)).toEqual([
      'Bea paid Ann',
      'Payment',
      '18.52',
      'EUR',
      '3000',
      'JPY',
    ]);

    const preview = await upload(ann, '/api/imports/splitwise/preview', res.body);
    expect(preview.statusCode, preview.body).toBe(200);
    const mapping = preview
      .json<{ columns: { proposed: unknown }[] }>()
      .columns.map((c) => c.proposed);
    const imp = await upload(ann, '/api/imports/splitwise', res.body, {
      groupName: 'Abroad again',
      mapping: JSON.stringify(mapping),
    });
    expect(imp.statusCode, imp.body).toBe(201);
    const newGroup = imp.json<{
      group: { id: number; defaultCurrency: string; currencyMode: string };
      expenseCount: number;
      paymentCount: number;
    }>();
    expect([newGroup.expenseCount, newGroup.paymentCount]).toEqual([4, 1]);
    expect(newGroup.group).toMatchObject({ defaultCurrency: 'EUR', currencyMode: 'CONVERT' });

    // The imported entries are what was entered, converted as before.
    const list = await as('GET', `/api/groups/${newGroup.group.id}/transactions`);
    const items = list.json<
      {
        description?: string;
        amount: number;
        currency: string;
        conversion: { amount: number; currency: string } | null;
      }[]
    >();
    expect(items.find((e) => e.description === 'Sushi')).toMatchObject({
      amount: 10000,
      currency: 'JPY',
      conversion: { amount: 61.73, currency: 'EUR' },
    });

    // Exported again: the same rows, original amounts and currencies included.
    const again = await as('GET', `/api/groups/${newGroup.group.id}/export.csv`);
    expect(again.statusCode, again.body).toBe(200);
    expect(rowsOf(again.body)).toEqual(rows);
  });

  it('round-trips an original currency coarser than the converted one (euros into yen)', async () => {
    const { ann, bea, gusId, groupId, as } = await groupIn('JPY');
    const res = await as('POST', '/api/expenses', {
      groupId,
      date: '2025-03-10',
      description: 'Train',
      amount: 10,
      currency: 'EUR',
      exchangeRate: '162',
      splitType: 'EQUAL',
      payers: [{ userId: bea.id, amountPaid: 10 }],
      splits: [ann.id, bea.id, gusId].map((userId) => ({ userId })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const csv = (await as('GET', `/api/groups/${groupId}/export.csv`)).body;
    expect(rowsOf(csv)[1]?.slice(3, 7)).toEqual(['1620', 'JPY', '10.00', 'EUR']);
    const mapping = (await upload(ann, '/api/imports/splitwise/preview', csv))
      .json<{ columns: { proposed: unknown }[] }>()
      .columns.map((c) => c.proposed);
    const imp = await upload(ann, '/api/imports/splitwise', csv, {
      groupName: 'Train again',
      mapping: JSON.stringify(mapping),
    });
    expect(imp.statusCode, imp.body).toBe(201);
    const id = imp.json<{ group: { id: number } }>().group.id;
    const again = (await as('GET', `/api/groups/${id}/export.csv`)).body;
    expect(rowsOf(again)).toEqual(rowsOf(csv));
  });
});
