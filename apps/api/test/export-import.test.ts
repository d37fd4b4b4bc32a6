// Exports and Splitwise imports (issue #14) through the real HTTP stack: a known random history
// exported as CSV (every row balances, totals equal the balances), imported back as a new group
// (its balances equal the CSV's totals to the cent), duplicates refused, malformed files a 400,
// authorization, the account JSON export, and a large export read in batches.
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { befriend } from './support/fixtures.js';
import type { TestUser } from './support/fixtures.js';
import { caller, makeUsers } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { multipart as multipartBody } from './support/imports.js';
import { createTestContext, errorBody } from './support/test-app.js';
import { readSignedMinor } from '../src/modules/imports/splitwise-csv.js';

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

const db = () => ctx.database.handle.db;

/** Every person's net in a group per currency, from the stored running totals (+ = owed). */
async function groupNets(groupId: number): Promise<Map<number, Map<string, number>>> {
  const res = (await db()
    .execute(sql`select currency, user_low, user_high, sum(net_cents)::text as net
      from pair_balances where group_id = ${groupId} group by currency, user_low, user_high`)) as unknown as {
    rows: { currency: string; user_low: number; user_high: number; net: string }[];
  };
  const out = new Map<number, Map<string, number>>();
  const add = (id: number, currency: string, v: number) => {
    const m = out.get(id) ?? new Map<string, number>();
    m.set(currency, (m.get(currency) ?? 0) + v);
    out.set(id, m);
  };
  for (const r of res.rows) {
    add(r.user_low, r.currency, Number(r.net));
    add(r.user_high, r.currency, -Number(r.net));
  }
  return out;
}

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Splitwise exports' multipart bodies: the file part as text/csv. */
const multipart = (parts: Parameters<typeof multipartBody>[0]) => multipartBody(parts, 'text/csv');

async function preview(who: TestUser, csv: string | Buffer) {
  const body = multipart([{ name: 'file', value: Buffer.from(csv), filename: 'export.csv' }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/imports/splitwise/preview',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

async function runImport(
  who: TestUser,
  csv: string | Buffer,
  mapping: unknown,
  groupName: string,
  key?: string,
) {
  const body = multipart([
    { name: 'groupName', value: groupName },
    { name: 'mapping', value: JSON.stringify(mapping) },
    { name: 'file', value: Buffer.from(csv), filename: 'export.csv' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/imports/splitwise',
    headers: {
      ...who.auth,
      ...body.headers,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body.payload,
  });
}

interface Member {
  id: number;
  name: string;
  guest: boolean;
}

/** A group with Ann, Bea, Cy and guest Gus, and a random history of `n` entries. */
async function history(n: number, seed: number) {
  const [ann, bea, cy, dan] = await makeUsers(ctx, 'Ann', 'Bea', 'Cy', 'Dan');
  await befriend(db(), ann, bea);
  await befriend(db(), ann, cy);
  const as = (u: TestUser) => caller(ctx, u);
  const g = await as(ann)('POST', '/api/groups', {
    name: 'Trip, "Lisbon"',
    defaultCurrency: 'USD',
    currencyMode: 'SEPARATE',
  });
  expect(g.statusCode, g.body).toBe(201);
  const groupId = g.json<{ id: number }>().id;
  const add = await as(ann)('POST', `/api/groups/${groupId}/members`, {
    memberIds: [bea.id, cy.id],
  });
  expect(add.statusCode, add.body).toBeLessThan(300);
  const gus = await as(ann)('POST', `/api/groups/${groupId}/guests`, { name: 'Gus' });
  expect(gus.statusCode, gus.body).toBe(201);
  const members = gus.json<{ members: Member[] }>().members;
  const ids = members.map((m) => m.id);
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const people = [ann, bea, cy];
  let firstExpense = 0;
  for (let i = 0; i < n; i++) {
    const currency = random() < 0.25 ? 'JPY' : 'USD';
    const who = pick(people);
    const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
    const date = `2025-0${String(1 + Math.floor(random() * 6))}-${day}`;
    if (random() < 0.2) {
      const from = pick(ids);
      const to = pick(ids.filter((x) => x !== from));
      const amount =
        currency === 'JPY'
          ? 1 + Math.floor(random() * 5000)
          : (1 + Math.floor(random() * 9000)) / 100;
      const res = await as(who)('POST', '/api/payments', {
        groupId,
        paidByUserId: from,
        paidToUserId: to,
        amount,
        currency,
        date,
      });
      expect(res.statusCode, res.body).toBe(201);
      continue;
    }
    const amount =
      currency === 'JPY'
        ? 100 + Math.floor(random() * 30000)
        : (100 + Math.floor(random() * 50000)) / 100;
    const inSplit = ids.filter(() => random() < 0.7);
    const split = inSplit.length === 0 ? [pick(ids)] : inSplit;
    const twoPayers = random() < 0.2;
    const payer = pick(ids);
    const payers = twoPayers
      ? (() => {
          const other = pick(ids.filter((x) => x !== payer));
          const unit = currency === 'JPY' ? 1 : 100;
          const first = Math.floor((amount * unit) / 3) / unit;
          return [
            { userId: payer, amountPaid: first },
            { userId: other, amountPaid: Math.round((amount - first) * unit) / unit },
          ];
        })()
      : [{ userId: payer, amountPaid: amount }];
    const shares = random() < 0.5;
    const res = await as(who)('POST', '/api/expenses', {
      groupId,
      description: pick(['Dinner', 'Taxi, airport', 'Groceries "bio"', 'Hotel\nnight', 'Café']),
      amount,
      currency,
      date,
      category: pick(['dining_out', 'taxi', 'groceries', 'hotel', 'general']),
      splitType: shares ? 'SHARE' : 'EQUAL',
      payers,
      splits: split.map((userId, k) => (shares ? { userId, value: 1 + (k % 3) } : { userId })),
    });
    expect(res.statusCode, res.body).toBe(201);
    if (firstExpense === 0) firstExpense = res.json<{ id: number }>().id;
  }
  return { ann, bea, cy, dan, groupId, members, firstExpense };
}

interface CsvFile {
  header: string[];
  rows: string[][];
  totals: string[][];
}

function readCsv(text: string): CsvFile {
  const records = parse(text, { skip_empty_lines: true }) as string[][];
  const [header = [], ...rest] = records;
  return {
    header,
    rows: rest.filter((r) => r[1] !== 'Total balance'),
    totals: rest.filter((r) => r[1] === 'Total balance'),
  };
}

describe('group CSV export and Splitwise import', () => {
  it('round-trips a random history: rows balance, totals equal balances, the import equals the totals', async () => {
    const h = await history(60, 14);
    const res = await caller(ctx, h.ann)('GET', `/api/groups/${h.groupId}/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="Trip-Lisbon_/,
    );
    const csv = readCsv(res.body);
    expect(csv.header).toEqual([
      'Date',
      'Description',
      'Category',
      'Cost',
      'Currency',
      'Original cost',
      'Original currency',
      'Ann',
      'Bea',
      'Cy',
      'Gus',
    ]);
    expect(csv.rows).toHaveLength(60);
    // Oldest first.
    const dates = csv.rows.map((r) => r[0] ?? '');
    expect([...dates].sort()).toEqual(dates);
    for (const r of csv.rows) {
      const currency = r[4] ?? '';
      const sum = r.slice(7).reduce((s, v) => s + (readSignedMinor(v, currency) ?? NaN), 0);
      expect(sum, r.join(',')).toBe(0);
    }
    const nets = await groupNets(h.groupId);
    expect(csv.totals.length).toBeGreaterThanOrEqual(1);
    for (const t of csv.totals) {
      const currency = t[4] ?? '';
      h.members.forEach((m, i) => {
        expect(readSignedMinor(t[7 + i] ?? '', currency), `${m.name} ${currency}`).toBe(
          nets.get(m.id)?.get(currency) ?? 0,
        );
      });
    }

    // Preview: Ann is me, Bea and Cy friends, Gus a new guest.
    const p = await preview(h.ann, res.body);
    expect(p.statusCode, p.body).toBe(200);
    const pv = p.json<{
      expenseCount: number;
      paymentCount: number;
      currencies: string[];
      columns: { name: string; proposed: unknown; totals: { currency: string; total: number }[] }[];
      alreadyImported: unknown;
    }>();
    expect(pv.expenseCount + pv.paymentCount).toBe(60);
    expect(pv.alreadyImported).toBeNull();
    expect(pv.columns.map((c) => c.proposed)).toEqual([
      { kind: 'me' },
      { kind: 'friend', userId: h.bea.id },
      { kind: 'friend', userId: h.cy.id },
      { kind: 'guest', name: 'Gus' },
    ]);
    const mapping = pv.columns.map((c) => c.proposed);

    const imp = await runImport(h.ann, res.body, mapping, 'Imported trip', 'k-1');
    expect(imp.statusCode, imp.body).toBe(201);
    const out = imp.json<{
      group: { id: number; members: Member[] };
      expenseCount: number;
      paymentCount: number;
    }>();
    expect(out.expenseCount + out.paymentCount).toBeGreaterThanOrEqual(60);
    const newNets = await groupNets(out.group.id);
    const guest = out.group.members.find((m) => m.guest);
    expect(guest?.name).toBe('Gus');
    const idsByColumn = [h.ann.id, h.bea.id, h.cy.id, guest?.id ?? 0];
    for (const t of csv.totals) {
      const currency = t[4] ?? '';
      idsByColumn.forEach((id, i) => {
        expect(newNets.get(id)?.get(currency) ?? 0, `column ${String(i)} ${currency}`).toBe(
          readSignedMinor(t[7 + i] ?? '', currency),
        );
      });
    }
    // Bea and Cy hear of the import once (added to the group), not once per imported entry.
    const heard = (await db().execute(
      sql`select type, count(*)::int as n from activities where group_id = ${out.group.id}
          and recipient_id = ${h.bea.id} group by type order by type`,
    )) as unknown as { rows: { type: string; n: number }[] };
    expect(heard.rows.map((r) => r.type)).toEqual(['member_added']);
    // The imported group exports the same rows (same effects per person column).
    const again = await caller(ctx, h.ann)('GET', `/api/groups/${out.group.id}/export.csv`);
    const csv2 = readCsv(again.body);
    expect(csv2.totals.map((t) => t.slice(4))).toEqual(csv.totals.map((t) => t.slice(4)));

    // The same key replays; the same file again is refused.
    const replay = await runImport(h.ann, res.body, mapping, 'Imported trip', 'k-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const dup = await runImport(h.ann, res.body.replace(/\r\n/g, '\n'), mapping, 'Again');
    expect(dup.statusCode, dup.body).toBe(409);
    expect(errorBody(dup).code).toBe('ALREADY_IMPORTED');
    const p2 = await preview(h.ann, res.body);
    expect(
      p2.json<{ alreadyImported: { groupId: number } | null }>().alreadyImported?.groupId,
    ).toBe(out.group.id);
    // Once the imported group is gone (deleted when settled), the file may be imported again.
    await db().execute(sql`delete from groups where id = ${out.group.id}`);
    const third = await runImport(h.ann, res.body, mapping, 'Third time');
    expect(third.statusCode, third.body).toBe(201);
  });

  it('imports a hand-written Splitwise file with guests, a multi-person payment and a self-paid row', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const file = [
      'Date,Description,Category,Cost,Currency,Ann,Bob,Cat',
      '2024-05-01,Pizza,Dining out,30.00,EUR,20.00,-10.00,-10.00',
      '2024-05-02,"Hotel, 2 nights",Hotel,200.00,EUR,-50.00,100.00,-50.00',
      '2024-05-03,Own coffee,General,3.50,EUR,0.00,0.00,0.00',
      '2024-05-04,Bob paid Ann,Payment,10.00,EUR,-10.00,10.00,0.00',
      '2024-05-05,Sushi,Food and drink - Other,3000,JPY,2000,-1000,-1000',
      '',
      '2024-06-01,Total balance, , ,EUR,-40.00,100.00,-60.00',
      '2024-06-01,Total balance, , ,JPY,2000,-1000,-1000',
      '',
    ].join('\n');
    const p = await preview(ann, file);
    expect(p.statusCode, p.body).toBe(200);
    const pv = p.json<{
      columns: { proposed: unknown }[];
      currencies: string[];
      firstDate: string;
      lastDate: string;
    }>();
    expect(pv.currencies).toEqual(['EUR', 'JPY']);
    expect([pv.firstDate, pv.lastDate]).toEqual(['2024-05-01', '2024-05-05']);
    const imp = await runImport(
      ann,
      file,
      [{ kind: 'me' }, { kind: 'guest', name: 'Bob' }, { kind: 'guest', name: 'Cat' }],
      'Weekend',
    );
    expect(imp.statusCode, imp.body).toBe(201);
    const g = imp.json<{
      group: { id: number; members: Member[] };
      expenseCount: number;
      paymentCount: number;
    }>();
    expect([g.expenseCount, g.paymentCount]).toEqual([4, 1]);
    const nets = await groupNets(g.group.id);
    const id = (name: string) => g.group.members.find((m) => m.name === name)?.id ?? 0;
    expect(nets.get(ann.id)?.get('EUR')).toBe(-4000);
    expect(nets.get(id('Bob'))?.get('EUR')).toBe(10000);
    expect(nets.get(id('Cat'))?.get('EUR')).toBe(-6000);
    expect(nets.get(id('Cat'))?.get('JPY')).toBe(-1000);
    const list = await caller(ctx, ann)('GET', `/api/groups/${g.group.id}/transactions?limit=50`);
    const items = list.json<
      {
        type: string;
        description?: string;
        category?: string;
        amount: number;
        currency: string;
      }[]
    >();
    const sushi = items.find((i) => i.description === 'Sushi');
    expect(sushi).toMatchObject({ category: 'dining_out', amount: 3000, currency: 'JPY' });
    const hotel = items.find((i) => i.description === 'Hotel, 2 nights');
    expect(hotel).toMatchObject({ category: 'hotel', amount: 200 });
  });

  it('refuses the second of two imports of one file sent at once (different keys), never 5xx', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const file = [
      'Date,Description,Category,Cost,Currency,Ann,Bob',
      '2024-05-01,Pizza,Dining out,30.00,EUR,15.00,-15.00',
      '',
      '2024-06-01,Total balance, , ,EUR,15.00,-15.00',
      '',
    ].join('\n');
    const mapping = [{ kind: 'me' }, { kind: 'guest', name: 'Bob' }];
    const both = await Promise.all([
      runImport(ann, file, mapping, 'First', 'race-1'),
      runImport(ann, file, mapping, 'Second', 'race-2'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(refused === undefined ? null : errorBody(refused).code).toBe('ALREADY_IMPORTED');
    const made = (await db().execute(
      sql`select count(*)::int as n from splitwise_imports where user_id = ${ann.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(made.rows[0]?.n).toBe(1);
  });

  it('refuses malformed files with 400 and line numbers, never 5xx', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const cases: [string | Buffer, RegExp][] = [
      ['', /choose a group export from Splitwise/],
      ['hello world', /header must start/],
      [Buffer.from([0xff, 0xfe, 0x00, 0x41]), /not UTF-8/],
      [
        'Date,Description,Category,Cost,Currency,Ann\n2024-01-01,X,General,1.00,EUR,0.00',
        /at least two person/,
      ],
      [
        'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,X,General,1.00,EUR,1.00,-0.99',
        /Line 2: .*add up to 0.01/,
      ],
      [
        'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-13-01,X,General,1.00,EUR,1.00,-1.00',
        /Line 2: .*not a date/,
      ],
      [
        'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,X,General,1.00,XYZ,1.00,-1.00',
        /not a currency/,
      ],
      [
        'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,X,General,1.00,EUR,1.001,-1.001',
        /not an amount/,
      ],
      [
        'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,"X,General,1.00,EUR,1.00,-1.00',
        /not valid CSV/,
      ],
      [
        'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,X,General,1.00,EUR,1.00',
        /expected 7 columns/,
      ],
      [
        'Date,Description,Category,Cost,Currency,Ann,Bob\n\n2024-02-01,Total balance, , ,EUR,0.00,0.00',
        /no expenses/,
      ],
      [
        'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,X,General,2.00,EUR,1.00,-1.00\n\n2024-02-01,Total balance, , ,EUR,2.00,-2.00',
        /Line 4: the total balance of Ann/,
      ],
    ];
    for (const [file, message] of cases) {
      const res = await preview(ann, file);
      expect(res.statusCode, `${String(file)} → ${res.body}`).toBe(400);
      expect(errorBody(res).message).toMatch(message);
    }
    const bad = await runImport(
      ann,
      'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,X,General,1.00,EUR,1.00,-1.00',
      'nope',
      'G',
    );
    expect(bad.statusCode).toBe(400);
    const wrongCount = await runImport(
      ann,
      'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,X,General,1.00,EUR,1.00,-1.00',
      [{ kind: 'me' }],
      'G',
    );
    expect(wrongCount.statusCode).toBe(400);
    const noName = await runImport(
      ann,
      'Date,Description,Category,Cost,Currency,Ann,Bob\n2024-01-01,X,General,1.00,EUR,1.00,-1.00',
      [{ kind: 'me' }, { kind: 'guest', name: 'Bob' }],
      '  ',
    );
    expect(noName.statusCode).toBe(400);
  });

  it('authorizes: members only for the CSV, friends only in a mapping, a token for everything', async () => {
    const h = await history(3, 7);
    expect(
      (await caller(ctx, h.dan)('GET', `/api/groups/${h.groupId}/export.csv`)).statusCode,
    ).toBe(403);
    expect((await caller(ctx, h.dan)('GET', `/api/groups/999999/export.csv`)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/groups/${h.groupId}/export.csv` }))
        .statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/imports/splitwise/preview' })).statusCode,
    ).toBe(401);
    const file =
      'Date,Description,Category,Cost,Currency,Ann,Dan\n2024-01-01,X,General,1.00,EUR,1.00,-1.00';
    // Dan is not Ann's friend.
    const res = await runImport(
      h.ann,
      file,
      [{ kind: 'me' }, { kind: 'friend', userId: h.dan.id }],
      'G',
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(errorBody(res).code).toBe('NOT_FRIENDS');
    // Nothing was written.
    const groups = await caller(ctx, h.ann)('GET', '/api/groups/my');
    expect(groups.json<{ name: string }[]>().map((g) => g.name)).not.toContain('G');
  });
});

describe('account JSON export', () => {
  it('holds the profile, friends, groups, every visible entry with comments and receipt links', async () => {
    const h = await history(12, 3);
    const c = await caller(ctx, h.bea)('POST', `/api/expenses/${h.firstExpense}/comments`, {
      content: 'Thanks!',
    });
    expect(c.statusCode, c.body).toBe(201);
    const res = await caller(ctx, h.ann)('GET', '/api/me/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="evenly-account-/,
    );
    const doc = res.json<{
      format: string;
      profile: { id: number; email: string };
      friends: { id: number }[];
      groups: { id: number }[];
      expenses: {
        id: number;
        receiptUrl: string | null;
        comments: { content: string; author: { id: number } }[];
      }[];
      payments: { id: number }[];
    }>();
    expect(doc.format).toBe('evenly-account-export');
    expect(doc.profile).toMatchObject({ id: h.ann.id, email: h.ann.email });
    expect(doc.friends.map((f) => f.id).sort()).toEqual([h.bea.id, h.cy.id].sort());
    expect(doc.groups.map((g) => g.id)).toEqual([h.groupId]);
    expect(doc.expenses.length + doc.payments.length).toBe(12);
    const first = doc.expenses.find((e) => e.id === h.firstExpense);
    expect(first?.comments).toEqual([
      expect.objectContaining({
        content: 'Thanks!',
        author: expect.objectContaining({ id: h.bea.id }),
      }),
    ]);
    // Dan sees none of it.
    const dan = (await caller(ctx, h.dan)('GET', '/api/me/export')).json<{
      expenses: unknown[];
      payments: unknown[];
    }>();
    expect([dan.expenses.length, dan.payments.length]).toEqual([0, 0]);
  });
});

describe('large exports', () => {
  it('reads the group in batches: every row once, in order, across batch ends and equal keys', async () => {
    const [ann, bea] = await makeUsers(ctx, 'Ann', 'Bea');
    await befriend(db(), ann, bea);
    const g = await caller(ctx, ann)('POST', '/api/groups', { name: 'Big' });
    const groupId = g.json<{ id: number }>().id;
    await caller(ctx, ann)('POST', `/api/groups/${groupId}/members`, { memberIds: [bea.id] });
    const n = 1_234;
    // Rows written directly (as a long history would be): many share a date and a created_at.
    await db()
      .execute(sql`insert into expenses (group_id, description, amount_cents, currency, date,
        split_type, created_by_id, created_at, payer_user_ids, payer_amounts, split_user_ids, split_owed)
      select ${groupId}, 'Row ' || i, 100 + i, 'USD', date '2025-01-01' + (i % 7),
        'EXACT', ${ann.id}, timestamptz '2025-01-01 00:00:00+00' + ((i % 3) || ' seconds')::interval,
        array[${ann.id}::int], array[100 + i], array[${bea.id}::int], array[100 + i]
      from generate_series(1, ${n}) as i`);
    const res = await caller(ctx, ann)('GET', `/api/groups/${groupId}/export.csv`);
    expect(res.statusCode).toBe(200);
    const csv = readCsv(res.body);
    expect(csv.rows).toHaveLength(n);
    expect(new Set(csv.rows.map((r) => r[1])).size).toBe(n);
    const dates = csv.rows.map((r) => r[0] ?? '');
    expect([...dates].sort()).toEqual(dates);
    const total = (n * (n + 1)) / 2 + 100 * n;
    expect(csv.totals[0]?.slice(7)).toEqual([(total / 100).toFixed(2), (-total / 100).toFixed(2)]);
  });
});
