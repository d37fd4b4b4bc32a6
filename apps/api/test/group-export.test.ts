// A group exported as JSON and "with receipts" as one zip (issue #31 point 6), through the real
// HTTP stack: members, guests, former members, expenses with payers, shares, categories, what was
// entered and the converted figure, comments, payments; the zip holds the receipt files and its
// JSON names them by their path inside it (no expiring link); a receipt file gone from storage
// is reported in the JSON, not a failed download; current members only.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers, leaveGroup } from './support/fixtures.js';
import { JPEG, multipart, PNG } from './support/ledger.js';
import { caller } from './support/social.js';
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
  await rm(path.join(ctx.dataDir, 'receipts'), { recursive: true, force: true });
});

const db = () => ctx.database.handle.db;

async function withReceipt(who: TestUser, data: unknown, bytes: Buffer, name: string) {
  const form = multipart([
    { name: 'expenseData', value: JSON.stringify(data) },
    { name: 'receiptFile', value: bytes, filename: name, contentType: 'application/octet-stream' },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/expenses',
    headers: { ...who.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

interface Person {
  id: number;
  name: string;
}

/** A EUR group (converting) with Ann, Bea, guest Gus and former member Fay, and a history. */
async function tokyoTrip() {
  const [ann, bea, fay, dan] = (await createUsers(ctx, 'Ann', 'Bea', 'Fay', 'Dan')) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  const groupId = await createGroup(db(), ann, 'Tokyo trip', [bea, fay], {
    defaultCurrency: 'EUR',
  });
  const gus = await caller(ctx, ann)('POST', `/api/groups/${groupId}/guests`, { name: 'Gus' });
  expect(gus.statusCode, gus.body).toBe(201);
  const gusId = gus
    .json<{ members: (Person & { guest: boolean })[] }>()
    .members.find((m) => m.guest)?.id as number;
  // Fay paid a taxi with Ann, then left: her entry still counts.
  const taxi = await caller(ctx, fay)('POST', '/api/expenses', {
    groupId,
    description: 'Taxi',
    amount: 20,
    currency: 'EUR',
    date: '2025-03-13',
    category: 'taxi',
    splitType: 'EQUAL',
    payers: [{ userId: fay.id, amountPaid: 20 }],
    splits: [{ userId: fay.id }, { userId: ann.id }],
  });
  expect(taxi.statusCode, taxi.body).toBe(201);
  const sushi = await withReceipt(
    ann,
    {
      groupId,
      description: '=Sushi',
      amount: 10000,
      currency: 'JPY',
      exchangeRate: '0.006173',
      date: '2025-03-14',
      category: 'dining_out',
      splitType: 'EQUAL',
      payers: [{ userId: ann.id, amountPaid: 10000 }],
      splits: [{ userId: ann.id }, { userId: bea.id }, { userId: gusId }],
    },
    JPEG,
    'sushi.jpg',
  );
  const hotel = await withReceipt(
    bea,
    {
      groupId,
      description: 'Hotel',
      amount: 90,
      currency: 'EUR',
      date: '2025-03-15',
      category: 'hotel',
      splitType: 'SHARE',
      payers: [
        { userId: ann.id, amountPaid: 60 },
        { userId: bea.id, amountPaid: 30 },
      ],
      splits: [
        { userId: ann.id, value: 2 },
        { userId: bea.id, value: 1 },
      ],
    },
    PNG,
    'hotel.png',
  );
  const gone = await caller(ctx, ann)('POST', '/api/expenses', {
    groupId,
    description: 'Deleted one',
    amount: 5,
    currency: 'EUR',
    splitType: 'EQUAL',
    payers: [{ userId: ann.id, amountPaid: 5 }],
    splits: [{ userId: ann.id }, { userId: bea.id }],
  });
  const goneId = gone.json<{ id: number }>().id;
  expect((await caller(ctx, ann)('DELETE', `/api/expenses/${goneId}`)).statusCode).toBe(204);
  const pay = await caller(ctx, bea)('POST', '/api/payments', {
    groupId,
    paidByUserId: bea.id,
    paidToUserId: ann.id,
    amount: 10,
    currency: 'EUR',
    date: '2025-03-16',
  });
  expect(pay.statusCode, pay.body).toBe(201);
  const comment = await caller(ctx, bea)('POST', `/api/expenses/${sushi}/comments`, {
    content: 'Thanks, <b>Ann</b>!',
  });
  expect(comment.statusCode, comment.body).toBe(201);
  await leaveGroup(db(), groupId, fay.id);
  return { ann, bea, fay, dan, gusId, groupId, sushi, hotel, goneId };
}

interface ExportDoc {
  format: string;
  version: number;
  group: { id: number; name: string; members: (Person & { guest: boolean })[] };
  people: (Person & { guest: boolean; member: boolean })[];
  expenses: {
    id: number;
    description: string;
    category: string;
    amount: number;
    currency: string;
    payers: { user: Person; amountPaid: number }[];
    splits: { owedBy: Person; amountOwed: number; value: number | null }[];
    conversion: {
      currency: string;
      amount: number;
      exchangeRateText: string;
      splits: { userId: number; amountOwed: number }[];
    } | null;
    receiptUrl: string | null;
    receiptFile?: { path: string | null; missing: boolean; message?: string } | null;
    comments: { content: string; author: Person }[];
  }[];
  payments: { amount: number; currency: string; paidBy: Person; paidTo: Person }[];
  categories: { id: string; name: string; emoji: string }[];
  missingReceipts?: number[];
}

/** What both documents hold, whatever the receipts are. */
function expectHistory(doc: ExportDoc, h: Awaited<ReturnType<typeof tokyoTrip>>) {
  expect(doc.format).toBe('evenly-group-export');
  expect(doc.version).toBe(1);
  expect(doc.group.name).toBe('Tokyo trip');
  expect(doc.group.members.map((m) => [m.name, m.guest])).toEqual([
    ['Ann', false],
    ['Bea', false],
    ['Gus', true],
  ]);
  expect(doc.people.map((p) => [p.name, p.guest, p.member])).toEqual([
    ['Ann', false, true],
    ['Bea', false, true],
    ['Fay', false, false],
    ['Gus', true, true],
  ]);
  // Oldest first; the deleted expense is not there.
  expect(doc.expenses.map((e) => e.description)).toEqual(['Taxi', '=Sushi', 'Hotel']);
  const [taxi, sushi, hotel] = doc.expenses;
  expect(taxi?.payers.map((p) => p.user.name)).toEqual(['Fay']);
  // The original amount and currency, and the converted figure with its shares.
  expect(sushi).toMatchObject({
    id: h.sushi,
    amount: 10000,
    currency: 'JPY',
    category: 'dining_out',
  });
  expect(sushi?.splits.map((s) => [s.owedBy.name, s.amountOwed])).toEqual([
    ['Ann', 3334],
    ['Bea', 3333],
    ['Gus', 3333],
  ]);
  expect(sushi?.conversion).toMatchObject({
    currency: 'EUR',
    amount: 61.73,
    exchangeRateText: '0.006173',
  });
  expect(sushi?.conversion?.splits.map((s) => s.amountOwed)).toEqual([20.58, 20.58, 20.57]);
  expect(sushi?.comments).toEqual([
    expect.objectContaining({
      content: 'Thanks, <b>Ann</b>!',
      author: expect.objectContaining({ name: 'Bea' }),
    }),
  ]);
  expect(hotel?.payers.map((p) => [p.user.name, p.amountPaid])).toEqual([
    ['Ann', 60],
    ['Bea', 30],
  ]);
  expect(hotel?.splits.map((s) => [s.owedBy.name, s.amountOwed, s.value])).toEqual([
    ['Ann', 60, 2],
    ['Bea', 30, 1],
  ]);
  expect(hotel?.conversion).toBeNull();
  expect(doc.payments).toEqual([
    expect.objectContaining({
      amount: 10,
      currency: 'EUR',
      paidBy: expect.objectContaining({ name: 'Bea' }),
      paidTo: expect.objectContaining({ name: 'Ann' }),
    }),
  ]);
  expect(doc.categories.map((c) => c.id)).toEqual(['dining_out', 'taxi', 'hotel']);
  expect(doc.categories[0]).toEqual({ id: 'dining_out', name: 'Dining out', emoji: '🍽️' });
}

describe('group JSON export', () => {
  it('holds members, guests, former members, expenses with shares and conversion, comments, payments, categories', async () => {
    const h = await tokyoTrip();
    const res = await caller(ctx, h.bea)('GET', `/api/groups/${h.groupId}/export.json`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="Tokyo-trip_\d{4}-\d{2}-\d{2}_export\.json"/,
    );
    const doc = res.json<ExportDoc>();
    expectHistory(doc, h);
    // Receipts are the API's signed links here (the zip keeps the files).
    const sushi = doc.expenses.find((e) => e.id === h.sushi);
    expect(sushi?.receiptUrl).toMatch(/\/api\/receipts\/files\/.*sig=/);
    expect(doc.expenses[0]?.receiptUrl).toBeNull();
    expect(doc.missingReceipts).toBeUndefined();
  });

  it('answers an empty group with empty lists', async () => {
    const [ann] = (await createUsers(ctx, 'Ann')) as [TestUser];
    const groupId = await createGroup(db(), ann, 'Empty');
    const res = await caller(ctx, ann)('GET', `/api/groups/${groupId}/export.json`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<ExportDoc>();
    expect([doc.expenses, doc.payments, doc.categories]).toEqual([[], [], []]);
  });
});

describe('group export with receipts (zip)', () => {
  it('holds the receipt files and the JSON naming them by path; a missing file is reported', async () => {
    const h = await tokyoTrip();
    // The hotel's receipt file is lost from storage (a disk restored without it).
    const key = (await db().execute(
      sql`select receipt_key from expenses where id = ${h.hotel}`,
    )) as unknown as { rows: { receipt_key: string }[] };
    await rm(path.join(ctx.dataDir, 'receipts', key.rows[0]?.receipt_key ?? 'none'));

    const res = await caller(ctx, h.ann)('GET', `/api/groups/${h.groupId}/export.zip`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="Tokyo-trip_\d{4}-\d{2}-\d{2}_export\.zip"/,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['group.json', `receipts/expense-${String(h.sushi)}.jpg`].sort(),
    );
    const text = new TextDecoder().decode(files['group.json']);
    const doc = JSON.parse(text) as ExportDoc;
    expectHistory(doc, h);
    // No link that expires: files are named by their path inside the zip.
    expect(text).not.toMatch(/sig=|exp=|https?:\/\//);
    const sushi = doc.expenses.find((e) => e.id === h.sushi);
    expect(sushi?.receiptUrl).toBeNull();
    expect(sushi?.receiptFile).toEqual({
      path: `receipts/expense-${String(h.sushi)}.jpg`,
      missing: false,
    });
    const stored = files[sushi?.receiptFile?.path ?? ''];
    expect(Buffer.from(stored ?? new Uint8Array()).equals(JPEG)).toBe(true);
    const hotel = doc.expenses.find((e) => e.id === h.hotel);
    expect(hotel?.receiptFile).toMatchObject({ path: null, missing: true });
    expect(hotel?.receiptFile?.message).toMatch(/not found|could not be read/);
    expect(doc.expenses[0]?.receiptFile).toBeNull();
    expect(doc.missingReceipts).toEqual([h.hotel]);
  });
});

describe('who may export a group', () => {
  it.each(['export.json', 'export.zip', 'export.csv'])('%s: current members only', async (file) => {
    const h = await tokyoTrip();
    const url = `/api/groups/${h.groupId}/${file}`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const stranger = await caller(ctx, h.dan)('GET', url);
    expect(stranger.statusCode).toBe(403);
    expect(errorBody(stranger).code).toBe('FORBIDDEN');
    // A former member no longer sees the group's history.
    expect((await caller(ctx, h.fay)('GET', url)).statusCode).toBe(403);
    expect((await caller(ctx, h.ann)('GET', `/api/groups/999999/${file}`)).statusCode).toBe(404);
    expect((await caller(ctx, h.ann)('GET', `/api/groups/abc/${file}`)).statusCode).toBe(400);
    expect((await caller(ctx, h.ann)('GET', url)).statusCode).toBe(200);
  });
});

describe('large group exports', () => {
  it('reads the JSON and the zip in batches: every expense once, in order, across batch ends', async () => {
    const [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
    const groupId = await createGroup(db(), ann, 'Big', [bea]);
    const n = 1_234;
    // Rows written directly (as a long history would be): many share a date and a created_at.
    await db()
      .execute(sql`insert into expenses (group_id, description, amount_cents, currency, date,
        split_type, created_by_id, created_at, payer_user_ids, payer_amounts, split_user_ids, split_owed)
      select ${groupId}, 'Row ' || i, 100 + i, 'USD', date '2025-01-01' + (i % 7),
        'EXACT', ${ann.id}, timestamptz '2025-01-01 00:00:00+00' + ((i % 3) || ' seconds')::interval,
        array[${ann.id}::int], array[100 + i], array[${bea.id}::int], array[100 + i]
      from generate_series(1, ${n}) as i`);
    const json = await caller(ctx, ann)('GET', `/api/groups/${groupId}/export.json`);
    expect(json.statusCode).toBe(200);
    const zip = await caller(ctx, ann)('GET', `/api/groups/${groupId}/export.zip`);
    expect(zip.statusCode).toBe(200);
    const inZip = new TextDecoder().decode(unzipSync(new Uint8Array(zip.rawPayload))['group.json']);
    for (const doc of [json.json<ExportDoc>(), JSON.parse(inZip) as ExportDoc]) {
      expect(doc.expenses).toHaveLength(n);
      expect(new Set(doc.expenses.map((e) => e.id)).size).toBe(n);
      const dates = doc.expenses.map((e) => (e as unknown as { date: string }).date);
      expect([...dates].sort()).toEqual(dates);
    }
  });
});
