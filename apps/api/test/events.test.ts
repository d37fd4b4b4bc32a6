// Live events (docs/api.md §4.10): tickets, the text/event-stream, delivery of committed changes
// (and only those) to their recipients, authentication failures, prompt shutdown.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { queryRows } from '../src/db/database.js';
import type { Change } from '../src/db/change-feed.js';
import { insertChanges } from '../src/db/change-feed.js';
import { noteChange } from '../src/db/transaction.js';
import type { TestUser } from './support/fixtures.js';
import { createUsers } from './support/fixtures.js';
import type { SseStream } from './support/sse-client.js';
import { openReadySse, openSse } from './support/sse-client.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody, settleFeed } from './support/test-app.js';
import { testDbKind } from './support/test-database.js';

let ctx: TestContext;
let db: Db;
let base: string;
const open: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.handle.db;
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of open) s.close();
  await ctx.close();
});
beforeEach(async () => {
  for (const s of open.splice(0)) s.close();
  await ctx.reset();
});

async function people<N extends string[]>(...names: N): Promise<{ [K in keyof N]: TestUser }> {
  return (await createUsers(ctx, ...names)) as { [K in keyof N]: TestUser };
}

async function ticketFor(user: TestUser): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/events/ticket',
    headers: user.auth,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ ticket: string }>().ticket;
}

async function stream(query: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const s = await openReadySse(`${base}/api/events${query}`, headers);
  open.push(s);
  return s;
}

function change(recipients: number[], id = 42): Change {
  return { entity: 'expense', action: 'created', id, groupId: 7, recipients };
}

const isChange = (id: number) => (f: { event: string | null; data: string | null }) =>
  f.event === 'change' && f.data !== null && (JSON.parse(f.data) as { id: number }).id === id;

describe('POST /api/events/ticket', () => {
  it('issues a 60-second ticket', async () => {
    const [ann] = await people('Ann');
    const before = Date.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/ticket',
      headers: ann.auth,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ ticket: string; expiresAt: string }>();
    expect(body.ticket.length).toBeGreaterThan(20);
    expect(body.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const ttl = Date.parse(body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });

  it('needs a token, and a ticket is not a token', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/api/events/ticket' });
    expect(none.statusCode).toBe(401);
    expect(errorBody(none).message).toBe('Please log in to continue.');
    const [ann] = await people('Ann');
    const ticket = await ticketFor(ann);
    const asBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });
});

describe('GET /api/events', () => {
  it('streams committed changes to their recipients, not rolled-back ones', async () => {
    const [ann, bea, cid] = await people('Ann', 'Bea', 'Cid');
    const annStream = await stream(`?ticket=${await ticketFor(ann)}`);
    expect(annStream.status).toBe(200);
    expect(annStream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(annStream.headers['x-request-id']).toBeDefined();
    expect(annStream.frames[0]?.retry).toBe(3000);
    const cidStream = await stream('', cid.auth);

    // As the services write: changes noted in a transaction are recorded in it.
    const write = (fn: (tx: Db) => Promise<void>) => ctx.app.infra.transaction(fn);
    // Rolled back: never delivered.
    await write(async (tx) => {
      noteChange(tx, change([ann.id, bea.id], 1));
      throw new Error('rollback');
    }).catch(() => undefined);
    // Committed: delivered after commit.
    const at = new Date('2025-03-14T18:04:05.123Z');
    await write(async (tx) => {
      await tx.execute(sql`select 1`);
      noteChange(tx, { ...change([ann.id, bea.id], 2), at });
    });
    const frame = await annStream.waitFor(isChange(2));
    expect(JSON.parse(frame.data ?? '')).toEqual({
      entity: 'expense',
      action: 'created',
      id: 2,
      groupId: 7,
      at: '2025-03-14T18:04:05.123Z',
    });
    // A later change to Cid only proves Cid's stream is live; it never saw id 1 or 2.
    await write(async (tx) => {
      noteChange(tx, {
        entity: 'friendship',
        action: 'deleted',
        id: 3,
        groupId: null,
        recipients: [cid.id],
      });
    });
    const cidFrame = await cidStream.waitFor(isChange(3));
    expect(JSON.parse(cidFrame.data ?? '')).toMatchObject({ entity: 'friendship', groupId: null });
    expect(cidStream.frames.some(isChange(2))).toBe(false);
    expect(annStream.frames.some(isChange(1))).toBe(false);
    expect(annStream.frames.some(isChange(3))).toBe(false);
  });

  it('delivers to every open stream of the user, and stops after disconnect', async () => {
    const [ann] = await people('Ann');
    const one = await stream('', ann.auth);
    const two = await stream(`?ticket=${await ticketFor(ann)}`);
    await insertChanges(db, [change([ann.id], 10)]);
    await one.waitFor(isChange(10));
    await two.waitFor(isChange(10));
    const open = ctx.app.services.events.streamCount;
    one.close();
    // The server has noticed the disconnect before the next change is written.
    await waitFor(() => ctx.app.services.events.streamCount < open);
    await insertChanges(db, [change([ann.id], 11)]);
    await two.waitFor(isChange(11));
    expect(one.frames.some(isChange(11))).toBe(false);
  });

  it('gives every event its feed position as id, and resumes after Last-Event-ID without loss or repeats', async () => {
    const [ann, bea] = await people('Ann', 'Bea');
    const first = await stream('', ann.auth);
    await insertChanges(db, [change([ann.id], 20), change([bea.id], 21), change([ann.id], 22)]);
    await first.waitFor(isChange(22));
    const ids = first.frames.filter((f) => f.event === 'change').map((f) => Number(f.id));
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBeGreaterThan(ids[0] ?? Infinity);
    first.close();

    // Missed while disconnected: two for Ann (one of them in the same batch as one for Bea).
    await insertChanges(db, [change([ann.id], 23)]);
    await insertChanges(db, [change([bea.id], 24), change([ann.id], 25)]);
    await settleFeed(ctx);
    const last = String(ids[1]);
    for (const resumed of [
      await stream('', { ...ann.auth, 'last-event-id': last }),
      // A new EventSource cannot set headers: the query parameter does the same.
      await stream(`?ticket=${await ticketFor(ann)}&lastEventId=${last}`),
    ]) {
      await resumed.waitFor(isChange(25));
      await insertChanges(db, [change([ann.id], 26)]);
      await resumed.waitFor(isChange(26));
      const got = resumed.frames
        .filter((f) => f.event === 'change')
        .map((f) => (JSON.parse(f.data ?? '') as { id: number }).id);
      expect(got.slice(0, 2)).toEqual([23, 25]);
      expect(got.filter((id) => id === 26)).toHaveLength(1);
      expect(resumed.frames.some((f) => f.event === 'reset')).toBe(false);
    }
  });

  it('tells a client resuming from before what the feed still keeps to refetch (reset)', async () => {
    const [ann] = await people('Ann');
    await insertChanges(db, [change([ann.id], 30), change([ann.id], 31), change([ann.id], 32)]);
    await settleFeed(ctx);
    // The oldest positions are gone (retention): a resume from before them cannot be exact.
    await db.execute(sql`delete from changes where pos < (select max(pos) from changes)`);
    const resumed = await stream('', { ...ann.auth, 'last-event-id': '0' });
    await resumed.waitFor((f) => f.event === 'reset');
    await insertChanges(db, [change([ann.id], 33)]);
    await resumed.waitFor(isChange(33));
  });

  it('answers 401 without valid credentials', async () => {
    const [ann] = await people('Ann');
    const none = await openSse(`${base}/api/events`);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.frames[0]?.data ?? '')).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Please log in to continue.',
    });
    for (const query of ['?ticket=garbage', `?ticket=${ann.token}`]) {
      const bad = await openSse(`${base}/api/events${query}`);
      expect(bad.status, query).toBe(401);
      expect(JSON.parse(bad.frames[0]?.data ?? '')).toMatchObject({
        message: 'Your session has expired. Please log in again.',
      });
    }
    const badBearer = await openSse(`${base}/api/events`, { authorization: 'Bearer nope' });
    expect(badBearer.status).toBe(401);
  });

  it('refuses tickets issued before a password change (token version)', async () => {
    const [ann] = await people('Ann');
    const ticket = await ticketFor(ann);
    await db.execute(sql`update users set token_version = token_version + 1 where id = ${ann.id}`);
    // Written behind the app's back: it learns of it through its change feed.
    await settleFeed(ctx);
    const res = await openSse(`${base}/api/events?ticket=${ticket}`);
    expect(res.status).toBe(401);
    const bearer = await openSse(`${base}/api/events`, ann.auth);
    expect(bearer.status).toBe(401);
  });
});

describe.runIf(testDbKind() === 'postgres')('PostgreSQL listener', () => {
  it('reconnects after its connection drops and delivers again', async () => {
    const [ann] = await people('Ann');
    const s = await stream('', ann.auth);
    const killed = await queryRows<{ ok: boolean }>(
      db,
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and application_name = 'evenly-listener'`,
    );
    expect(killed.length).toBeGreaterThan(0);
    // Changes written while it reconnects are not lost: the feed is followed, not the doorbell.
    for (let id = 101; id <= 110; id++) await insertChanges(db, [change([ann.id], id)]);
    for (let id = 101; id <= 110; id++) await s.waitFor(isChange(id));
    // Each exactly once, in feed order.
    const ids = s.frames
      .filter((f) => f.event === 'change')
      .map((f) => JSON.parse(f.data ?? '').id);
    expect(ids).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
  });
});

describe('shutdown', () => {
  it('closes the app promptly with open streams, ending them', async () => {
    const other = await createTestContext();
    try {
      const [ann] = (await createUsers(other, 'Ann')) as [TestUser];
      const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const s = await openReadySse(`${address}/api/events`, ann.auth);
      expect(s.status).toBe(200);
      // An open stream never ends by itself (a ping every few seconds keeps it going): unless
      // closing ends it, the close waits for ever, which the deadline turns into a failure.
      let deadline: NodeJS.Timeout | undefined;
      const hung = new Promise<'hung'>((resolve) => {
        deadline = setTimeout(() => resolve('hung'), 60_000);
      });
      const closed = Promise.all([other.app.close(), s.ended]).then(() => 'closed' as const);
      const outcome = await Promise.race([closed, hung]);
      clearTimeout(deadline);
      // Hung: the client hangs up, so that the close (and this test) ends and says so.
      if (outcome === 'hung') s.close();
      expect(outcome).toBe('closed');
    } finally {
      await other.close();
    }
  });
});

/** Polls until `check` holds, for at most 30 s. */
async function waitFor(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition never held');
    await new Promise((r) => setTimeout(r, 10));
  }
}
