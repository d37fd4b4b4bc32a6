// The real server process, as an operator runs it: first start on an empty DATA_DIR, the mail
// outbox, register → verify → login with plain HTTP, SIGTERM, restart, log in again.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertServerBuilt,
  postJson as post,
  SERVER_MAIN as MAIN,
  startServer,
  stopServer,
} from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

let dataDir: string;
let database: TestDatabase | null = null;
let env: Record<string, string>;

beforeAll(async () => {
  assertServerBuilt();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-proc-'));
  env = { DATA_DIR: dataDir };
  if (testDbKind() === 'postgres') {
    database = await createTestDatabase('postgres');
    env['DATABASE_URL'] = database.url ?? '';
    env['MIGRATE'] = 'true';
  }
});
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`server process (${testDbKind()})`, () => {
  it('starts on an empty DATA_DIR, verifies through the outbox, and keeps users and tokens across a restart', async () => {
    const first = await startServer(env);
    const reg = await post(first.base, '/api/auth/register', {
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret123',
    });
    expect(reg.status).toBe(201);

    // The mail is written by a job after the answer: wait for it and for its log line.
    const outbox = path.join(dataDir, 'outbox');
    let files: string[] = [];
    while (files.length === 0) {
      await new Promise((r) => setTimeout(r, 50));
      files = existsSync(outbox) ? (await readdir(outbox)).filter((f) => f.endsWith('.eml')) : [];
    }
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outbox, files[0] ?? ''), 'utf8');
    const decoded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /http:\/\/localhost:\d+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(decoded)?.[0];
    expect(link).toBeDefined();
    while (!first.output().includes(link ?? '')) await new Promise((r) => setTimeout(r, 50));

    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const verify = await fetch(`${first.base}/api/auth/verify?token=${token}`);
    expect(await verify.text()).toBe('Email successfully verified. You can now log in.');
    const login = await post(first.base, '/api/auth/login', {
      email: 'ann@example.com',
      password: 'secret123',
    });
    expect(login.status).toBe(200);
    const { token: jwt } = (await login.json()) as { token: string };

    expect(await stopServer(first)).toBe(0);
    if (testDbKind() === 'pglite') expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
    const secret = await stat(path.join(dataDir, 'jwt-secret'));
    expect(secret.mode & 0o777).toBe(0o600);

    const second = await startServer(env);
    try {
      const again = await post(second.base, '/api/auth/login', {
        email: 'ann@example.com',
        password: 'secret123',
      });
      expect(again.status).toBe(200);
      const me = await fetch(`${second.base}/api/auth/me`, {
        headers: { authorization: `Bearer ${jwt}` },
      });
      expect(me.status).toBe(200);
    } finally {
      expect(await stopServer(second)).toBe(0);
    }
  });

  it('refuses invalid configuration with a message naming the variable', async () => {
    const run = (extra: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        let out = '';
        const child = spawn(process.execPath, [MAIN], {
          env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, ...extra },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr.on('data', (c: Buffer) => (out += c.toString()));
        child.on('exit', (code) => resolve({ code, out }));
      });
    for (const [name, value] of [
      ['PORT', 'abc'],
      ['JWT_SECRET', 'short'],
      ['DATABASE_URL', 'mysql://x'],
      ['JWT_TTL', '7 weeks'],
      ['STORAGE', 'ftp'],
    ] as const) {
      const { code, out } = await run({ [name]: value });
      expect(code, name).toBe(1);
      expect(out).toContain(name);
    }
  });
});
