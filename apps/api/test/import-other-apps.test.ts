// Imports from the other apps (issue #33 point 4) through the real HTTP stack: each sample file
// under fixtures/imports/ (written to its app's export format) is recognised, previewed with
// "who is who" and imported as a new group whose balances equal the file's totals to the cent;
// the same file twice is a 409, a replayed Idempotency-Key the same group, a broken file a 400
// naming its line.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { groupNets, multipart } from './support/imports.js';
import { makeUsers } from './support/social.js';
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

const sample = (name: string) =>
  readFileSync(new URL(`./fixtures/imports/${name}`, import.meta.url));

async function post(
  who: TestUser,
  url: string,
  file: Buffer,
  fields: Record<string, string> = {},
  key?: string,
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: file, filename: 'export' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      ...who.auth,
      ...body.headers,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body.payload,
  });
}

interface Preview {
  format: string;
  expenseCount: number;
  paymentCount: number;
  currencies: string[];
  columns: { name: string; totals: { currency: string; total: number }[] }[];
}

interface Imported {
  group: { id: number; members: { id: number; name: string }[] };
  expenseCount: number;
  paymentCount: number;
}

/** Each sample: its format, what it holds, each person's total (the file's own figures). */
const SAMPLES: {
  file: string;
  format: string;
  counts: [number, number];
  currency: string;
  totals: Record<string, number>;
}[] = [
  {
    file: 'spliit.json',
    format: 'spliit',
    counts: [3, 1],
    currency: 'EUR',
    totals: { Ann: 55, Bea: -38.33, Cy: -16.67 },
  },
  {
    file: 'tricount.csv',
    format: 'tricount',
    counts: [3, 1],
    currency: 'EUR',
    totals: { Ann: 5, Bea: 3.5, Cy: -8.5 },
  },
  {
    file: 'ihatemoney.csv',
    format: 'ihatemoney',
    counts: [3, 1],
    currency: 'EUR',
    totals: { Ann: 15, Bea: -5, Cy: -10 },
  },
  {
    file: 'ihatemoney.json',
    format: 'ihatemoney',
    counts: [1, 1],
    currency: 'EUR',
    totals: { Dan: 4, Eve: -4 },
  },
  {
    file: 'cospend.csv',
    format: 'cospend',
    counts: [2, 1],
    currency: 'EUR',
    totals: { Ann: 237.25, Bea: -87.25, Cy: -150 },
  },
  {
    file: 'evenly.json',
    format: 'evenly',
    counts: [3, 1],
    currency: 'EUR',
    totals: { Ann: 56.67, Bea: -4.09, Cy: -52.58 },
  },
];

describe('imports from Spliit, Tricount, IHateMoney, Cospend and Evenly', () => {
  it.each(SAMPLES)(
    '$file: recognised, previewed, imported with balances equal to its totals to the cent',
    async ({ file, format, counts, currency, totals }) => {
      const [me] = await makeUsers(ctx, 'Zoe');
      const p = await post(me, '/api/imports/preview', sample(file));
      expect(p.statusCode, p.body).toBe(200);
      const pv = p.json<Preview>();
      expect(pv.format).toBe(format);
      expect([pv.expenseCount, pv.paymentCount]).toEqual(counts);
      expect(pv.currencies).toEqual([currency]);
      const fileTotals = Object.fromEntries(
        pv.columns.map((c) => [c.name, c.totals.find((t) => t.currency === currency)?.total]),
      );
      expect(fileTotals).toEqual(totals);

      // The first person is me, the others new guests.
      const mapping = pv.columns.map((c, i) =>
        i === 0 ? { kind: 'me' } : { kind: 'guest', name: c.name },
      );
      const fields = { groupName: `From ${format}`, mapping: JSON.stringify(mapping) };
      const imp = await post(me, '/api/imports', sample(file), fields, `key-${file}`);
      expect(imp.statusCode, imp.body).toBe(201);
      const g = imp.json<Imported>();
      expect([g.expenseCount >= counts[0], g.paymentCount]).toEqual([true, counts[1]]);
      const nets = await groupNets(ctx, g.group.id);
      const idOf = (name: string, i: number) =>
        i === 0 ? me.id : (g.group.members.find((m) => m.name === name)?.id ?? 0);
      const balances = Object.fromEntries(
        pv.columns.map((c, i) => [c.name, (nets.get(idOf(c.name, i))?.get(currency) ?? 0) / 100]),
      );
      expect(balances).toEqual(totals);

      // The same key again: the same group, not a second one.
      const replay = await post(me, '/api/imports', sample(file), fields, `key-${file}`);
      expect(replay.statusCode, replay.body).toBe(201);
      expect(replay.json<Imported>().group.id).toBe(g.group.id);
      // The same file under a new key: refused, and the preview says so.
      const again = await post(me, '/api/imports', sample(file), fields, `other-${file}`);
      expect(again.statusCode, again.body).toBe(409);
      expect(errorBody(again).code).toBe('ALREADY_IMPORTED');
      const pv2 = (await post(me, '/api/imports/preview', sample(file))).json<{
        alreadyImported: { groupId: number } | null;
      }>();
      expect(pv2.alreadyImported?.groupId).toBe(g.group.id);
    },
  );

  it('keeps converted entries in their original currency (Spliit)', async () => {
    const [me] = await makeUsers(ctx, 'Ann');
    const mapping = [{ kind: 'me' }, { kind: 'guest', name: 'Bea' }, { kind: 'guest', name: 'Cy' }];
    const imp = await post(me, '/api/imports', sample('spliit.json'), {
      groupName: 'Lisbon',
      mapping: JSON.stringify(mapping),
    });
    expect(imp.statusCode, imp.body).toBe(201);
    const id = imp.json<Imported>().group.id;
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${String(id)}/transactions?limit=50`,
      headers: me.auth,
    });
    const hotel = list
      .json<{ description?: string; amount: number; currency: string }[]>()
      .find((t) => t.description === 'Hotel');
    expect(hotel).toMatchObject({ amount: 33, currency: 'USD' });
  });

  it('answers a broken file with a 400 naming its line, and an unknown format with a 400', async () => {
    const [me] = await makeUsers(ctx, 'Ann');
    const broken = Buffer.from(
      sample('cospend.csv').toString().replace('"Pizza",25.5,', '"Pizza",abc,'),
    );
    for (const url of ['/api/imports/preview', '/api/imports']) {
      const res = await post(me, url, broken, { groupName: 'X', mapping: '[]' });
      expect(res.statusCode, res.body).toBe(400);
      const body = errorBody(res);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toEqual([
        { field: 'line 8', message: 'Line 8: "abc" is not an amount in EUR.' },
      ]);
    }
    const unknown = await post(me, '/api/imports/preview', sample('cospend.csv'), {
      format: 'excel',
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown).details?.[0]?.field).toBe('format');
    // Named as another format than it is: read as that one, and refused by line.
    const wrong = await post(me, '/api/imports/preview', sample('cospend.csv'), {
      format: 'tricount',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorBody(wrong).message).toMatch(/^Line 1: the header must name/);
    // The Splitwise route reads Splitwise's format only.
    const splitwise = await post(me, '/api/imports/splitwise/preview', sample('tricount.csv'));
    expect(splitwise.statusCode).toBe(400);
    expect(errorBody(splitwise).message).toMatch(/header must start with/);
  });
});
