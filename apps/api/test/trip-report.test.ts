// The trip report (issue #33 point 3) through the real HTTP stack: a group of 1,000+ expenses
// downloads as a PDF whose text, read back with pdfjs-dist, has the API's figures to the cent:
// each person's paid and share (GET /groups/{id}/reports), their net (GET /balances/group/{id}
// as each member sees it), the settling payments (GET /groups/{id}/settle-suggestions), the
// spending by category and by month, every entry once; a date range, the reader's number
// format, receipt pictures on request; hostile text printed, not obeyed; members only; bad
// dates and locales are 400s.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseDebts } from '@evenly/core';
import type { Cents } from '@evenly/core';
import { queryRows } from '../src/db/database.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import { multipart } from './support/ledger.js';
import { caller } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let ann: TestUser;
let bea: TestUser;
let cy: TestUser;
let dan: TestUser;
let groupId: number;
const BULK = 1000;
const GROUP_NAME = 'Tokyo "trip" / 2025 (BT) \\';
const HOSTILE = 'Dinner ) Tj (x\nBT /F1 9 Tf ET';

const db = () => ctx.database.handle.db;
const eur = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
const eurSigned = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  signDisplay: 'exceptZero',
});

/** 1,000 expenses written straight to the tables, with the pair balances the ledger keeps. */
async function seedBulk(members: readonly number[]): Promise<void> {
  const [a, b, c] = members as [number, number, number];
  await queryRows(
    db(),
    sql`insert into expenses (group_id, description, amount_cents, currency, date, split_type,
                              category, created_by_id, payer_user_ids, payer_amounts,
                              split_user_ids, split_owed)
        select ${groupId}::int, 'Bulk ' || i, amt, 'EUR', date '2025-01-01' + (i % 100),
               'EQUAL', (array['groceries', 'dining_out', 'taxi', 'general'])[1 + i % 4],
               ${a}::int, array[(array[${a}::int, ${b}::int, ${c}::int])[1 + i % 3]],
               array[amt]::bigint[], array[${a}::int, ${b}::int, ${c}::int],
               array[amt / 3 + (case when amt % 3 >= 1 then 1 else 0 end),
                     amt / 3 + (case when amt % 3 >= 2 then 1 else 0 end), amt / 3]::bigint[]
          from (select i, 1000 + (i * 37) % 9000 as amt
                  from generate_series(1, ${BULK}::int) as i) s`,
  );
  const rows = await queryRows<{
    payer_user_ids: number[];
    payer_amounts: (string | number)[];
    split_user_ids: number[];
    split_owed: (string | number)[];
  }>(
    db(),
    sql`select payer_user_ids, payer_amounts, split_user_ids, split_owed
          from expenses where group_id = ${groupId}::int and description like 'Bulk %'`,
  );
  // Net of (low, high): + = high owes low.
  const nets = new Map<string, number>();
  for (const r of rows) {
    const debts = expenseDebts(
      r.payer_user_ids.map((userId, i) => ({
        userId,
        paidCents: Number(r.payer_amounts[i]) as Cents,
      })),
      r.split_user_ids.map((userId, i) => ({
        userId,
        owedCents: Number(r.split_owed[i]) as Cents,
      })),
    );
    for (const d of debts) {
      const [low, high] = d.from < d.to ? [d.from, d.to] : [d.to, d.from];
      const key = `${String(low)}:${String(high)}`;
      nets.set(key, (nets.get(key) ?? 0) + (d.from === high ? d.cents : -d.cents));
    }
  }
  for (const [key, net] of nets) {
    const [low, high] = key.split(':').map(Number);
    await queryRows(
      db(),
      sql`insert into pair_balances (group_id, currency, user_low, user_high, net_cents, slot)
          values (${groupId}::int, 'EUR', ${low}::int, ${high}::int, ${net}::bigint, 0)
          on conflict (group_id, currency, user_low, user_high, slot)
          do update set net_cents = pair_balances.net_cents + excluded.net_cents`,
    );
  }
}

async function post(who: TestUser, url: string, body: unknown) {
  const res = await caller(ctx, who)('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bea, cy, dan] = (await createUsers(ctx, 'Ann', 'Bea', 'Cy', 'Dan')) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  // Two members whose names need other fonts (the shipped Arabic and Japanese ones; every script
  // is checked in trip-report-scripts.test.ts): the report still reads.
  const [ahmad, hanako] = (await createUsers(ctx, 'Ahmad', 'Hanako')) as [TestUser, TestUser];
  await queryRows(db(), sql`update users set name = 'أحمد' where id = ${ahmad.id}::int`);
  await queryRows(db(), sql`update users set name = '山田 花子' where id = ${hanako.id}::int`);
  groupId = await createGroup(db(), ann, GROUP_NAME, [bea, cy, ahmad, hanako], {
    defaultCurrency: 'EUR',
  });
  // A converted expense with a receipt picture.
  const png = await sharp({
    create: { width: 40, height: 60, channels: 3, background: '#336699' },
  })
    .png()
    .toBuffer();
  const form = multipart([
    {
      name: 'expenseData',
      value: JSON.stringify({
        groupId,
        description: 'Sushi',
        amount: 10000,
        currency: 'JPY',
        exchangeRate: '0.006173',
        date: '2025-03-14',
        category: 'dining_out',
        splitType: 'EQUAL',
        payers: [{ userId: ann.id, amountPaid: 10000 }],
        splits: [{ userId: ann.id }, { userId: bea.id }, { userId: cy.id }],
      }),
    },
    { name: 'receiptFile', value: png, filename: 'sushi.png', contentType: 'image/png' },
  ]);
  const sushi = await ctx.app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: { ...ann.auth, ...form.headers },
    payload: form.payload,
  });
  expect(sushi.statusCode, sushi.body).toBe(201);
  // Two payers, shares.
  await post(bea, '/api/expenses', {
    groupId,
    description: 'Hotel',
    amount: 100.01,
    currency: 'EUR',
    date: '2025-03-15',
    category: 'hotel',
    splitType: 'SHARE',
    payers: [
      { userId: ann.id, amountPaid: 66.67 },
      { userId: bea.id, amountPaid: 33.34 },
    ],
    splits: [
      { userId: ann.id, value: 1 },
      { userId: bea.id, value: 1 },
      { userId: cy.id, value: 1 },
    ],
  });
  await post(cy, '/api/expenses', {
    groupId,
    description: HOSTILE,
    amount: 12,
    currency: 'EUR',
    date: '2025-03-16',
    splitType: 'EQUAL',
    payers: [{ userId: cy.id, amountPaid: 12 }],
    splits: [{ userId: bea.id }, { userId: cy.id }],
  });
  await post(bea, '/api/payments', {
    groupId,
    paidByUserId: bea.id,
    paidToUserId: ann.id,
    amount: 10,
    currency: 'EUR',
    date: '2025-03-16',
  });
  await seedBulk([ann.id, bea.id, cy.id]);
});
afterAll(async () => {
  await ctx.close();
});

async function download(who: TestUser, query = '', headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/groups/${String(groupId)}/report.pdf${query}`,
    headers: { ...who.auth, ...headers },
  });
}

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** The PDF's text, one string per printed line (items sharing a baseline), pages in order. */
async function pdfLines(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round((item.transform[5] ?? 0) / 3);
      const row = rows.get(y) ?? [];
      // Non-breaking spaces (de-DE puts one before €) compared as plain ones.
      row.push({ x: item.transform[4] ?? 0, s: plain(item.str.trim()) });
      rows.set(y, row);
    }
    for (const [, row] of [...rows].sort((a, b) => b[0] - a[0])) {
      lines.push(
        row
          .sort((a, b) => a.x - b.x)
          .map((r) => r.s)
          .join(' '),
      );
    }
  }
  await doc.destroy();
  return lines;
}

interface GroupReportBody {
  currencies: {
    currency: string;
    total: number;
    byCategory: { label: string; amount: number; count: number }[];
    byMonth: { month: string; amount: number }[];
    members: { user: { id: number; name: string }; paid: number; share: number }[];
  }[];
}

const cents = (n: number) => Math.round(n * 100);
const money = (c: number) => eur.format(c / 100);

describe('trip report', () => {
  let lines: string[];
  let raw: Buffer;

  beforeAll(async () => {
    const res = await download(ann);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Tokyo-trip-2025-BT_all_report.pdf"; filename*=UTF-8''Tokyo-trip-2025-BT_all_report.pdf`,
    );
    raw = res.rawPayload;
    expect(raw.subarray(0, 5).toString()).toBe('%PDF-');
    lines = await pdfLines(raw);
  });

  it("prints each person's paid, share and net as the API has them", async () => {
    const report = (
      await caller(ctx, ann)('GET', `/api/groups/${String(groupId)}/reports`)
    ).json<GroupReportBody>();
    const inEur = report.currencies.find((c) => c.currency === 'EUR');
    expect(inEur?.members).toHaveLength(3);
    const sent = new Map([[bea.id, 1000]]);
    const received = new Map([[ann.id, 1000]]);
    const summary = lines.slice(
      lines.indexOf('Summary in EUR'),
      lines.findIndex((l) => l.startsWith('Spending by category')),
    );
    let netSum = 0;
    for (const who of [ann, bea, cy]) {
      const m = inEur?.members.find((x) => x.user.id === who.id);
      const balance = (
        await caller(ctx, who)('GET', `/api/balances/group/${String(groupId)}`)
      ).json<{ netAmount: number; currency: string }[]>();
      const net = balance.reduce((s, l) => s + cents(l.netAmount), 0);
      netSum += net;
      expect(summary).toContain(
        [
          who.name,
          money(cents(m?.paid ?? NaN)),
          money(cents(m?.share ?? NaN)),
          money(sent.get(who.id) ?? 0),
          money(received.get(who.id) ?? 0),
          eurSigned.format(net / 100),
        ].join(' '),
      );
    }
    expect(netSum).toBe(0);
    const count = inEur?.byCategory.reduce((n, l) => n + l.count, 0);
    expect(count).toBe(BULK + 3);
    expect(summary).toContain(
      `Total spent: ${money(cents(inEur?.total ?? NaN))} in ${(count ?? 0).toLocaleString('en-US')} expenses`,
    );
    for (const l of inEur?.byCategory ?? []) {
      expect(
        lines.some((x) => x.startsWith(`${l.label} ${String(l.count)} ${money(cents(l.amount))}`)),
      ).toBe(true);
    }
    for (const m of inEur?.byMonth ?? []) {
      const month = new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${m.month}-01T00:00:00Z`));
      expect(lines).toContain(`${month} ${money(cents(m.amount))}`);
    }
  });

  it('prints the payments that settle the balances, as settle-suggestions plans them', async () => {
    const plan = (
      await caller(ctx, ann)('GET', `/api/groups/${String(groupId)}/settle-suggestions`)
    ).json<{ from: { name: string }; to: { name: string }; amount: number }[]>();
    expect(plan.length).toBeGreaterThan(0);
    for (const s of plan) {
      expect(lines).toContain(`${s.from.name} pays ${s.to.name} ${money(cents(s.amount))}`);
    }
  });

  it('lists every entry once, converted ones with what was entered, hostile text as text', () => {
    const text = lines.join('\n');
    expect(text.match(/Bulk \d+\b/g)).toHaveLength(BULK);
    expect(new Set(text.match(/Bulk \d+\b/g)).size).toBe(BULK);
    expect(text).toContain('Entered as ¥10,000');
    expect(text).toContain('Dinner ) Tj (x BT /F1 9 Tf ET');
    expect(text).toContain('Bea paid Ann');
    expect(text).toContain('Members');
    expect(text).toMatch(/Ann, Bea, Cy, /);
    expect(text).toContain(`${GROUP_NAME}`);
    // No pictures unless asked for.
    expect(raw.includes('/Subtype /Image')).toBe(false);
  });

  it('takes a date range, the reader’s number format and receipt pictures', async () => {
    const range = '?from=2025-03-14&to=2025-03-16';
    const res = await download(ann, `${range}&receipts=true&locale=de-DE`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('_2025-03-14_2025-03-16_report.pdf');
    expect(res.rawPayload.includes('/Subtype /Image')).toBe(true);
    const text = (await pdfLines(res.rawPayload)).join('\n');
    expect(text).toContain('14.03.2025 – 16.03.2025');
    const report = (
      await caller(ctx, ann)('GET', `/api/groups/${String(groupId)}/reports${range}`)
    ).json<GroupReportBody>();
    const inEur = report.currencies.find((c) => c.currency === 'EUR');
    const de = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    const count = inEur?.byCategory.reduce((n, l) => n + l.count, 0) ?? 0;
    expect(text).toContain(
      // German words too (issue #32): the report's words follow the locale.
      plain(`Insgesamt ausgegeben: ${de.format(inEur?.total ?? NaN)} in ${String(count)} Ausgaben`),
    );
    expect((text.match(/Bulk \d+\b/g) ?? []).length).toBe(count - 3);

    const byHeader = await download(ann, range, { 'accept-language': 'de-CH;q=0.4, de-DE' });
    expect((await pdfLines(byHeader.rawPayload)).join('\n')).toContain('14.03.2025 – 16.03.2025');
  });

  it('is in the OpenAPI document with an example', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operation = JSON.stringify(doc.paths['/api/groups/{id}/report.pdf']?.get);
    expect(operation).toContain('Total spent: €412.50 in 3 expenses');
    expect(operation).toContain('"receipts"');
  });

  it('is for current members only', async () => {
    const outsider = await download(dan);
    expect(outsider.statusCode).toBe(403);
    expect(errorBody(outsider).code).toBe('FORBIDDEN');
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/groups/999999/report.pdf',
      headers: ann.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${String(groupId)}/report.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad dates, flags and locales with 400', async () => {
    for (const query of [
      '?from=2025-13-01',
      '?to=yesterday',
      '?from=2025-03-10&to=2025-03-01',
      '?receipts=maybe',
      '?locale=not%20a%20locale!',
    ]) {
      const res = await download(ann, query);
      expect(res.statusCode, query).toBe(400);
      expect(errorBody(res).code, query).toBe('VALIDATION_FAILED');
    }
  });
});
