// Live events across server processes (§4.10): two real server processes on one PostgreSQL
// database; a stream opened on process A receives changes caused through process B (and through
// a third, plain database connection), carried by the change feed every process follows.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChanges } from '../src/db/change-feed.js';
import type { RunningServer } from './support/server-process.js';
import {
  assertServerBuilt,
  postJson as post,
  startServer,
  stopServer,
} from './support/server-process.js';
import type { SseStream } from './support/sse-client.js';
import { openReadySse } from './support/sse-client.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

const SECRET = 'two-process-secret-two-process-secret-0123456789';

const isPostgres = testDbKind() === 'postgres';

describe.runIf(isPostgres)('live events across two server processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let dirs: string[] = [];
  let a: RunningServer;
  let b: RunningServer;
  let stream: SseStream | null = null;
  let user: { id: number; token: string };

  beforeAll(async () => {
    assertServerBuilt();
    database = await createTestDatabase('postgres');
    dirs = [
      await mkdtemp(path.join(os.tmpdir(), 'evenly-2p-a-')),
      await mkdtemp(path.join(os.tmpdir(), 'evenly-2p-b-')),
    ];
    const env = (dir: string) => ({
      DATA_DIR: dir,
      DATABASE_URL: database.url ?? '',
      JWT_SECRET: SECRET,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      LOG_LEVEL: 'warn',
    });
    [a, b] = await Promise.all([startServer(env(dirs[0] ?? '')), startServer(env(dirs[1] ?? ''))]);
    const reg = await post(b.base, '/api/auth/register', {
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret123',
    });
    expect(reg.status).toBe(201);
    const login = await post(b.base, '/api/auth/login', {
      email: 'ann@example.com',
      password: 'secret123',
    });
    user = (await login.json()) as { id: number; token: string };
    // The ticket comes from process B and is used on process A: tickets are not per-process.
    const ticket = await post(b.base, '/api/events/ticket', undefined, {
      authorization: `Bearer ${user.token}`,
    });
    expect(ticket.status).toBe(201);
    const { ticket: t } = (await ticket.json()) as { ticket: string };
    stream = await openReadySse(`${a.base}/api/events?ticket=${t}`);
    expect(stream.status).toBe(200);
  });

  afterAll(async () => {
    stream?.close();
    const codes = await Promise.all([a, b].filter((r) => r !== undefined).map(stopServer));
    for (const c of codes) expect(c).toBe(0);
    await database.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('delivers a change published through another connection to the stream on process A', async () => {
    await insertChanges(database.handle.db, [
      { entity: 'expense', action: 'created', id: 4242, groupId: null, recipients: [user.id] },
    ]);
    const frame = await stream?.waitFor(
      (f) => f.event === 'change' && (f.data ?? '').includes('"id":4242'),
    );
    expect(JSON.parse(frame?.data ?? '{}')).toMatchObject({
      entity: 'expense',
      action: 'created',
      id: 4242,
      groupId: null,
    });
  });

  it('delivers the change of a write through process B’s HTTP API (POST /api/groups)', async () => {
    const res = await post(
      b.base,
      '/api/groups',
      { name: 'Two processes' },
      { authorization: `Bearer ${user.token}` },
    );
    expect(res.status).toBe(201);
    const group = (await res.json()) as { id: number };
    const frame = await stream?.waitFor(
      (f) =>
        f.event === 'change' &&
        f.data !== null &&
        (JSON.parse(f.data) as { entity: string; id: number }).entity === 'group' &&
        (JSON.parse(f.data) as { id: number }).id === group.id,
    );
    expect(JSON.parse(frame?.data ?? '{}')).toMatchObject({
      entity: 'group',
      action: 'created',
      id: group.id,
    });
  });
});
