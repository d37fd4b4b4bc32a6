// Everything under DATA_DIR is private to the account that runs the server (issue #30 finding 5):
// a fresh install creates its embedded database (WAL included), secrets, outbox mails and
// receipts 0600 in 0700 folders, and an older install with open modes is tightened at start-up.
import { chmod, lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { equalExpense, multipart, PNG } from './support/ledger.js';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, postJson, startServer, stopServer } from './support/server-process.js';
import { testDbKind } from './support/test-database.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(dataDir: string): Promise<RunningServer> {
  const running = await startServer({
    DATA_DIR: dataDir,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    FX_RATES_URL: '',
    LOG_LEVEL: 'warn',
  });
  cleanups.push(() => stopServer(running));
  return running;
}

/** Every entry under `dir` (itself included) with its permission bits. */
async function modes(dir: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const pending = [dir];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const stats = await lstat(next);
    if (stats.isSymbolicLink()) continue;
    found.set(path.relative(dir, next) || '.', stats.mode & 0o777);
    if (stats.isDirectory()) {
      for (const name of await readdir(next)) pending.push(path.join(next, name));
    }
  }
  return found;
}

function openToOthers(found: Map<string, number>): string[] {
  return [...found]
    .filter(([, mode]) => (mode & 0o077) !== 0)
    .map(([name, mode]) => `${name} ${mode.toString(8)}`);
}

/** Signs up, then writes an expense with a receipt: the outbox, uploads and the WAL all grow. */
async function use(base: string): Promise<void> {
  const reg = await postJson(base, '/api/auth/register', {
    name: 'Ann',
    email: 'ann@example.com',
    password: 'secret123',
  });
  expect(reg.status).toBe(201);
  const login = await postJson(base, '/api/auth/login', {
    email: 'ann@example.com',
    password: 'secret123',
  });
  const ann = (await login.json()) as { id: number; token: string };
  const auth = { authorization: `Bearer ${ann.token}` };
  const group = await postJson(base, '/api/groups', { name: 'Trip' }, auth);
  expect(group.status).toBe(201);
  const { id: groupId } = (await group.json()) as { id: number };
  const mp = multipart([
    { name: 'expenseData', value: JSON.stringify(equalExpense(ann, [ann], 12, { groupId })) },
    { name: 'receiptFile', value: PNG, filename: 'r.png', contentType: 'image/png' },
  ]);
  const expense = await fetch(`${base}/api/expenses`, {
    method: 'POST',
    headers: { ...auth, ...mp.headers },
    body: mp.payload,
  });
  expect(expense.status, await expense.text()).toBe(201);
}

/** Asks for a reset mail and waits until the outbox holds it (mails go out after the answer). */
async function mailToOutbox(base: string, dataDir: string): Promise<void> {
  await postJson(base, '/api/auth/forgot-password', { email: 'ann@example.com' });
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    if (names.some((n) => n.endsWith('.eml'))) return;
    if (Date.now() > deadline) throw new Error(`no mail in ${outbox}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(testDbKind() === 'pglite')('modes of the files under DATA_DIR', () => {
  it('creates every file 0600 and every folder 0700, and tightens an open install at start-up', async () => {
    assertServerBuilt();
    const parent = await mkdtemp(path.join(os.tmpdir(), 'evenly-modes-'));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    // A DATA_DIR that does not exist yet: the server creates it.
    const dataDir = path.join(parent, 'data');

    const first = await server(dataDir);
    await use(first.base);
    await mailToOutbox(first.base, dataDir);
    const fresh = await modes(dataDir);
    // What the finding named: the database with its WAL, the outbox, the uploaded receipts.
    for (const part of ['db', 'db/pg_wal', 'outbox', 'receipts']) {
      expect(fresh.get(part), part).toBe(0o700);
    }
    const named = (prefix: string) => [...fresh.keys()].filter((k) => k.startsWith(prefix));
    expect(named('db/pg_wal/').length).toBeGreaterThan(0);
    expect(named('outbox/').some((k) => k.endsWith('.eml'))).toBe(true);
    expect(named('receipts/').length).toBeGreaterThan(0);
    expect(fresh.get('.')).toBe(0o700);
    expect(openToOthers(fresh)).toEqual([]);
    expect(await stopServer(first)).toBe(0);

    // An install from before: everything open to every account.
    const stopped = await modes(dataDir);
    for (const [name, mode] of stopped) await chmod(path.join(dataDir, name), mode | 0o077);
    expect(openToOthers(await modes(dataDir)).length).toBe(stopped.size);

    const second = await server(dataDir);
    const tightened = await modes(dataDir);
    expect(openToOthers(tightened)).toEqual([]);
    expect(tightened.get('db/pg_wal')).toBe(0o700);
    expect(second.stdout()).toContain('private to this account');
  });
});
