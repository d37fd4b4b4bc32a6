// Search's typo correction reads only the words the caller can read (issue #30 finding 2): a
// word of another group, of someone else's non-group expense, or of a deleted expense never takes
// part, so a search cannot tell whether it exists on the server; words go when their texts go.
// Through the HTTP API, on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers } from './support/fixtures.js';
import { equalExpense, postExpense } from './support/ledger.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
let alice: TestUser;
let bea: TestUser;
let bob: TestUser;
let dan: TestUser;
let flat: number;
let payroll: number;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  [alice, bea, bob, dan] = (await createUsers(ctx, 'Alice', 'Bea', 'Bob', 'Dan')) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  const db = ctx.database.handle.db;
  flat = await createGroup(db, alice, 'Flat', [bea]);
  payroll = await createGroup(db, bob, 'Payroll', [dan]);
  await befriend(db, alice, dan);
});

async function add(user: TestUser, people: TestUser[], extra: Record<string, unknown>) {
  const res = await postExpense(ctx, user, equalExpense(user, people, 10, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

function call(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: user.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function hits(user: TestUser, url: string): Promise<number> {
  const res = await call(user, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown[]>().length;
}

/** Every scope a word is known in: `g<group id>` or `u<user id>`. */
async function scopesOf(word: string): Promise<string[]> {
  const rows = await queryRows<{ s: string }>(
    ctx.database.handle.db,
    sql`select 'g' || group_id as s from search_words where word = ${word}
        union all select 'u' || user_id from search_person_words where word = ${word}
        order by 1`,
  );
  return rows.map((r) => r.s);
}

describe('typo correction per scope', () => {
  it("another group's word does not change Alice's search, and goes when deleted", async () => {
    // Eight of Alice's expenses contain "qzxwvk": as many as a query word's known words tried.
    for (let i = 1; i <= 8; i++) {
      await add(alice, [alice, bea], { groupId: flat, description: `Invoice qzxwvk${i}` });
    }
    const inFlat = `/api/groups/${flat}/search?q=qzxwvk&limit=50`;
    expect(await hits(alice, inFlat)).toBe(8);
    expect(await hits(alice, `/api/search?q=qzxwvk&limit=50`)).toBe(8);

    // Bob, in another group, adds a word sorting before Alice's, with a comment.
    // Paid and shared by Bob alone: nothing outstanding, so the group may be deleted later.
    const secret = await add(bob, [bob], {
      groupId: payroll,
      description: 'Payroll for qzxwvk0secret',
    });
    const noted = await call(bob, 'POST', `/api/expenses/${secret}/comments`, {
      content: 'see qzxwvk0note',
    });
    expect(noted.statusCode, noted.body).toBe(201);
    expect(await hits(alice, inFlat)).toBe(8);
    expect(await hits(alice, `/api/search?q=qzxwvk&limit=50`)).toBe(8);
    // Bob's own group corrects his typo against his words.
    expect(await hits(bob, `/api/groups/${payroll}/search?q=qzxwvk0secrt`)).toBe(1);
    expect(await scopesOf('qzxwvk0secret')).toEqual([`g${payroll}`]);
    expect(await scopesOf('qzxwvk0note')).toEqual([`g${payroll}`]);

    // Deleted: its words are gone (and its comment's); restored: back again.
    expect((await call(bob, 'DELETE', `/api/expenses/${secret}`)).statusCode).toBe(204);
    expect(await scopesOf('qzxwvk0secret')).toEqual([]);
    expect(await scopesOf('qzxwvk0note')).toEqual([]);
    expect(await scopesOf('payroll')).toEqual([]);
    expect(await hits(alice, inFlat)).toBe(8);
    expect((await call(bob, 'POST', `/api/expenses/${secret}/restore`)).statusCode).toBe(200);
    expect(await scopesOf('qzxwvk0note')).toEqual([`g${payroll}`]);
    expect(await hits(bob, `/api/groups/${payroll}/search?q=qzxwvk0secrt`)).toBe(1);

    // The group deleted: every word of it goes.
    expect((await call(bob, 'DELETE', `/api/groups/${payroll}`)).statusCode).toBe(204);
    expect(await scopesOf('qzxwvk0secret')).toEqual([]);
    expect(await scopesOf('qzxwvk0note')).toEqual([]);
    // Alice's words are untouched by all this.
    expect(await scopesOf('qzxwvk1')).toEqual([`g${flat}`]);
  });

  it("keeps a non-group expense's words for its people only, until no text holds them", async () => {
    const mine = await add(alice, [alice, dan], { description: 'Tickets zqvxplover' });
    expect(await scopesOf('zqvxplover')).toEqual([`u${alice.id}`, `u${dan.id}`].sort());
    expect(await hits(dan, `/api/search?q=zqvxplovr`)).toBe(1);
    expect(await hits(bea, `/api/search?q=zqvxplovr`)).toBe(0);
    // A second text with the word: deleting one keeps it, deleting both removes it.
    const other = await add(alice, [alice, dan], { description: 'More zqvxplover' });
    expect((await call(alice, 'DELETE', `/api/expenses/${mine}`)).statusCode).toBe(204);
    expect(await scopesOf('zqvxplover')).toEqual([`u${alice.id}`, `u${dan.id}`].sort());
    expect(await scopesOf('tickets')).toEqual([]);
    expect((await call(alice, 'DELETE', `/api/expenses/${other}`)).statusCode).toBe(204);
    expect(await scopesOf('zqvxplover')).toEqual([]);
    expect(await hits(alice, `/api/search?q=zqvxplovr`)).toBe(0);
  });

  it('forgets the old words of an edited expense and a deleted comment', async () => {
    const id = await add(alice, [alice, bea], { groupId: flat, description: 'Cinema qwkfirst' });
    const c = await call(bea, 'POST', `/api/expenses/${id}/comments`, { content: 'qwkcomment' });
    expect(c.statusCode, c.body).toBe(201);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/expenses/${id}`,
      headers: alice.auth,
      payload: equalExpense(alice, [alice, bea], 10, { groupId: flat, description: 'Qwksecond' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await scopesOf('qwkfirst')).toEqual([]);
    expect(await scopesOf('cinema')).toEqual([]);
    expect(await scopesOf('qwksecond')).toEqual([`g${flat}`]);
    const commentId = c.json<{ id: number }>().id;
    const gone = await call(bea, 'DELETE', `/api/comments/${commentId}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await scopesOf('qwkcomment')).toEqual([]);
  });

  // Every expense and comment written runs these from a row trigger. A SQL function there is
  // parsed and planned again at each call (0.25-0.29 ms per expense on the bench's database); a
  // PL/pgSQL one keeps its plans for the connection (migration 0027, issue #36 point 3).
  it('computes the words in PL/pgSQL, whose plans last between trigger calls', async () => {
    const rows = await queryRows<{ name: string; language: string }>(
      ctx.database.handle.db,
      sql`select p.proname as name, l.lanname as language
            from pg_proc p join pg_language l on l.oid = p.prolang
           where p.proname in ('evenly_search_words_of', 'evenly_search_comment_words')
           order by p.proname`,
    );
    expect(rows).toEqual([
      { name: 'evenly_search_comment_words', language: 'plpgsql' },
      { name: 'evenly_search_words_of', language: 'plpgsql' },
    ]);
    const words = await queryRows<{ w: string[] }>(
      ctx.database.handle.db,
      sql`select evenly_search_words_of('Café – pizza, 2 x dé & Qwkfour!') as w`,
    );
    expect([...(words[0]?.w ?? [])].sort()).toEqual(['Café', 'Qwkfour', 'pizza'].sort());
  });
});
