// Issue #30 point 4, against a real server process on the test run's database (the embedded one
// in DATA_DIR, or PostgreSQL): the multipart and large-body requests that wedged the embedded
// database in finding 16, sent over raw sockets as a misbehaving client sends them (bodies cut
// short and the connection closed, bodies never finished, a wrong boundary, two receipt files,
// expenseData as a file part, 300 junk fields, an 11 MB file), several at once, to POST and PUT
// /api/expenses. Every answer is a 4xx or a success, never a 5xx; the log names no database
// fault; and afterwards the server is ready and answers a write within a second.
// fuzz-openapi.test.ts sends the same bodies whole to every multipart operation through inject.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from './support/http-client.js';
import { account, call, equalExpenseBody } from './support/http-client.js';
import { multipart, PNG } from './support/ledger.js';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, startServer, stopServer } from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

let dataDir: string;
let database: TestDatabase | null = null;
let server: RunningServer;
let ann: Account;
let bea: Account;
let groupId: number;

beforeAll(async () => {
  assertServerBuilt();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-mpfuzz-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    FX_RATES_URL: '',
    LOG_FORMAT: 'json',
  };
  if (testDbKind() === 'postgres') {
    database = await createTestDatabase('postgres');
    env['DATABASE_URL'] = database.url ?? '';
  }
  server = await startServer(env);
  ann = await account(server.base, 'Ann');
  bea = await account(server.base, 'Bea');
  const group = await call(server.base, ann, 'POST', '/api/groups', { name: 'Fuzz' });
  groupId = ((await group.json()) as { id: number }).id;
});
afterAll(async () => {
  if (server !== undefined) await stopServer(server);
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function expenseData(description: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...equalExpenseBody(description, 10, ann, [ann], groupId), ...extra });
}

interface RawRequest {
  name: string;
  body: Buffer;
  contentType: string;
  /** The Content-Length announced (the body's own length unless it is cut short). */
  length: number;
  /** After the body: wait for the answer, close at once, or keep the connection open unfinished. */
  then: 'answer' | 'close' | 'hang';
}

const MB = 1024 * 1024;

function variants(): RawRequest[] {
  const whole = (name: string, form: ReturnType<typeof multipart>): RawRequest => ({
    name,
    body: form.payload,
    contentType: form.headers['content-type'] ?? '',
    length: form.payload.length,
    then: 'answer',
  });
  const receipt = (value: Buffer) => ({
    name: 'receiptFile',
    value,
    filename: 'r.png',
    contentType: 'image/png',
  });
  const withFile = multipart([
    { name: 'expenseData', value: expenseData('Cut') },
    receipt(Buffer.concat([PNG, Buffer.alloc(64 * 1024, 7)])),
  ]);
  const big = multipart([
    { name: 'expenseData', value: expenseData('Big') },
    receipt(Buffer.concat([PNG, Buffer.alloc(11 * MB, 1)])),
  ]);
  const cut = (then: 'close' | 'hang', form: ReturnType<typeof multipart>, at: number) => ({
    name: `cut at ${at} bytes, then ${then}`,
    body: form.payload.subarray(0, at),
    contentType: form.headers['content-type'] ?? '',
    length: form.payload.length,
    then,
  });
  const good = multipart([{ name: 'expenseData', value: expenseData('Good') }]);
  return [
    whole(
      'two receipt files',
      multipart([
        { name: 'expenseData', value: expenseData('Two files') },
        receipt(PNG),
        receipt(PNG),
      ]),
    ),
    whole(
      'expenseData as a file part',
      multipart([
        {
          name: 'expenseData',
          value: expenseData('As a file'),
          filename: 'data.json',
          contentType: 'application/json',
        },
      ]),
    ),
    whole(
      '300 junk fields',
      multipart([
        { name: 'expenseData', value: expenseData('Junk') },
        ...Array.from({ length: 300 }, (_, i) => ({ name: `junk${i}`, value: 'x'.repeat(i) })),
      ]),
    ),
    whole('an 11 MB file', big),
    // What made the embedded database wait for itself: a rate looked up inside the write.
    whole(
      'another currency',
      multipart([{ name: 'expenseData', value: expenseData('Euros', { currency: 'EUR' }) }]),
    ),
    {
      ...whole('a wrong boundary', good),
      contentType: 'multipart/form-data; boundary=not-the-one',
    },
    cut('close', withFile, Math.floor(withFile.payload.length / 2)),
    cut('hang', withFile, Math.floor(withFile.payload.length / 2)),
    cut('close', big, 64 * 1024),
    cut('hang', big, 1000),
  ];
}

/**
 * Sends one request over its own socket; the status, or null when none came (by design or not).
 * A request that never finishes its body leaves its way to end the socket in `hanging`.
 */
function send(
  method: string,
  url: string,
  r: RawRequest,
  hanging: (() => void)[],
): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(server.base).port), '127.0.0.1');
    let head = '';
    let settled = false;
    const done = (status: number | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(status);
    };
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (status !== null) done(Number(status[1]));
    });
    socket.on('error', () => done(null));
    socket.on('close', () => done(null));
    socket.write(
      `${method} ${url} HTTP/1.1\r\nHost: evenly.test\r\nAuthorization: Bearer ${ann.token}\r\n` +
        `Content-Type: ${r.contentType}\r\nContent-Length: ${r.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(r.body, () => {
      if (r.then === 'close') done(null);
    });
    // A client that never finishes its body: the server answers nothing until its own timeouts;
    // the others must not wait for it. The socket goes when the round ends.
    if (r.then === 'hang') hanging.push(() => done(null));
  });
}

describe(`multipart fuzz of POST and PUT /api/expenses on a real server (${testDbKind()})`, () => {
  it('answers every request without a 5xx, and then a write within a second', async () => {
    const created = await call(
      server.base,
      ann,
      'POST',
      '/api/expenses',
      equalExpenseBody('Target', 10, ann, [ann], groupId),
    );
    expect(created.status).toBe(201);
    const target = ((await created.json()) as { id: number }).id;

    const statuses: string[] = [];
    const hanging: (() => void)[] = [];
    for (let round = 0; round < 3; round++) {
      const answered: Promise<void>[] = [];
      const unfinished: Promise<void>[] = [];
      for (const r of variants()) {
        for (const [method, url] of [
          ['POST', '/api/expenses'],
          ['PUT', `/api/expenses/${target}`],
        ] as const) {
          const outcome = send(method, url, r, hanging).then((status) => {
            statuses.push(`${method} ${r.name}: ${status ?? 'no answer'}`);
            if (r.then === 'answer') expect(status, `${method} ${r.name}`).not.toBeNull();
            if (status !== null) expect(status, `${method} ${r.name}`).toBeLessThan(500);
          });
          (r.then === 'hang' ? unfinished : answered).push(outcome);
        }
      }
      // While the misbehaving clients are at it, others are served.
      const other = await call(server.base, bea, 'GET', '/api/groups/my');
      expect(other.status).toBe(200);
      await Promise.all(answered);
      // The unfinished bodies have held their connections all this time; now they go.
      for (const end of hanging.splice(0)) end();
      await Promise.all(unfinished);
    }
    expect(statuses.some((s) => /^POST two receipt files: 400/.test(s))).toBe(true);
    expect(statuses.some((s) => /^PUT an 11 MB file: 413/.test(s))).toBe(true);

    expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
    // A stuck server never answers; a healthy one answers one of these well within its second.
    let answered = false;
    for (let attempt = 0; attempt < 3 && !answered; attempt++) {
      const res = await fetch(`${server.base}/api/expenses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
        body: expenseData('After'),
        signal: AbortSignal.timeout(1_000),
      }).catch(() => null);
      answered = res?.status === 201;
    }
    expect(answered).toBe(true);
    const log = server.stdout();
    expect(log).not.toMatch(/database unreachable|"level":50|"level":60/);
  });
});
