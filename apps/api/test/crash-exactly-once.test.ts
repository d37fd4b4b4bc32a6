// Exactly-once writes across a crash (docs/api.md §1.10, §5.9): a real server process is killed with
// SIGKILL under write load, started again on the same data, and every request that got no answer
// is retried with its Idempotency-Key. Each expense and payment then exists exactly once, and no
// key is left "in progress". Runs on the embedded database (DATA_DIR) and on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from './support/http-client.js';
import { account, call, equalExpenseBody, friendsInGroup } from './support/http-client.js';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, startServer, stopServer } from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

const SECRET = 'crash-secret-crash-secret-crash-secret-0123456789';

interface Job {
  key: string;
  url: '/api/expenses' | '/api/payments';
  body: Record<string, unknown>;
  /** The first answer's status, or null when the process died first. */
  status: number | null;
  answer: unknown;
}

describe('a server killed with SIGKILL under write load', () => {
  let database: TestDatabase | null = null;
  let dir: string;
  let env: Record<string, string>;
  let server: RunningServer;

  beforeAll(async () => {
    assertServerBuilt();
    dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-crash-'));
    if (testDbKind() === 'postgres') database = await createTestDatabase('postgres');
    env = {
      DATA_DIR: dir,
      ...(database === null ? {} : { DATABASE_URL: database.url ?? '' }),
      JWT_SECRET: SECRET,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      LOG_LEVEL: 'warn',
    };
    server = await startServer(env);
  });
  afterAll(async () => {
    await stopServer(server);
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function send(who: Account, job: Job): Promise<{ status: number | null; body: unknown }> {
    try {
      const res = await call(server.base, who, 'POST', job.url, job.body, {
        'idempotency-key': job.key,
      });
      return { status: res.status, body: await res.json() };
    } catch {
      return { status: null, body: null };
    }
  }

  it('retried with their keys, the unanswered requests are each written exactly once', async () => {
    const ann = await account(server.base, 'Ann');
    const bea = await account(server.base, 'Bea');
    const groupId = await friendsInGroup(server.base, ann, bea);
    const jobs: Job[] = Array.from({ length: 160 }, (_, i): Job => {
      const key = `job-${i}`;
      return i % 4 === 3
        ? {
            key,
            url: '/api/payments',
            // Each payment's amount names it: 1.00 + i cents.
            body: { paidToUserId: bea.id, amount: (100 + i) / 100, groupId },
            status: null,
            answer: null,
          }
        : {
            key,
            url: '/api/expenses',
            body: equalExpenseBody(key, 12, ann, [ann, bea], groupId),
            status: null,
            answer: null,
          };
    });

    // 16 clients write at once; the process is killed once some have been answered.
    let next = 0;
    let answered = 0;
    const killed = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (answered >= 25) {
          clearInterval(timer);
          server.child.kill('SIGKILL');
          resolve();
        }
      }, 5);
    });
    const clients = Array.from({ length: 16 }, async () => {
      for (;;) {
        const job = jobs[next++];
        if (job === undefined) return;
        const { status, body } = await send(ann, job);
        job.status = status;
        job.answer = body;
        if (status !== null) answered++;
        if (status === null) return; // the process is gone
      }
    });
    await killed;
    await Promise.all(clients);
    const unanswered = jobs.filter((j) => j.status === null);
    expect(unanswered.length).toBeGreaterThan(0);
    for (const j of jobs.filter((x) => x.status !== null)) expect(j.status).toBe(201);

    server = await startServer(env);
    // Every request that got no answer, retried with its key: written now, or replayed.
    for (const job of unanswered) {
      const again = await send(ann, job);
      expect(again.status, `${job.key}: ${JSON.stringify(again.body)}`).toBe(201);
    }
    // An answered request retried replays its stored answer.
    const done = jobs.find((j) => j.status === 201);
    if (done !== undefined) expect((await send(ann, done)).body).toEqual(done.answer);

    const res = await call(
      server.base,
      ann,
      'GET',
      `/api/groups/${groupId}/transactions?limit=1000`,
    );
    const items = (await res.json()) as { description?: string; amount: number }[];
    const expenses = items.flatMap((i) => (i.description === undefined ? [] : [i.description]));
    const payments = items.filter((i) => i.description === undefined).map((i) => i.amount);
    const expected = jobs.filter((j) => j.url === '/api/expenses').map((j) => j.key);
    expect([...expenses].sort()).toEqual([...expected].sort());
    const expectedPayments = jobs
      .filter((j) => j.url === '/api/payments')
      .map((j) => (j.body as { amount: number }).amount);
    expect([...payments].sort((a, b) => a - b)).toEqual(
      [...expectedPayments].sort((a, b) => a - b),
    );
    // Balances agree with exactly those rows: Bea owes Ann 6.00 per expense, and each payment
    // from Ann to Bea adds to what Bea owes (§5.2).
    const lines = (await (
      await call(server.base, ann, 'GET', `/api/balances/group/${groupId}`)
    ).json()) as { netAmount: number }[];
    const owedCents = expected.length * 600 + expectedPayments.reduce((s, a) => s + a * 100, 0);
    expect(Math.round((lines[0]?.netAmount ?? 0) * 100)).toBe(Math.round(owedCents));
  });
});
