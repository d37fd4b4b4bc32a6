// What a new self-hoster sees on the first start of the built server: the start-up banner (URL,
// database, where mails and receipts go), JSON log lines when the output is not a terminal and
// readable ones with LOG_FORMAT=pretty, and a verification link that works when copied from the
// outbox's .txt file or from the log. The database password is never printed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './support/server-process.js';
import {
  assertServerBuilt,
  postJson as post,
  SERVER_MAIN,
  startServer,
  stopServer,
} from './support/server-process.js';
import type { TestDatabase } from './support/test-database.js';
import { createTestDatabase, testDbKind } from './support/test-database.js';

/** Put into DATABASE_URL (ignored by the trust authentication of the test server). */
const DB_PASSWORD = 'never-printed-7c1f9a';

let database: TestDatabase | null = null;
const dataDirs: string[] = [];

beforeAll(async () => {
  assertServerBuilt();
  if (testDbKind() === 'postgres') database = await createTestDatabase('postgres');
});
afterAll(async () => {
  await database?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** Environment of one server on a fresh DATA_DIR (and, on PostgreSQL, a URL with a password). */
async function serverEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-first-run-'));
  dataDirs.push(dataDir);
  const env: Record<string, string> = { DATA_DIR: dataDir, ...extra };
  if (database?.url) {
    const url = new URL(database.url);
    url.password = DB_PASSWORD;
    env['DATABASE_URL'] = url.toString();
  }
  return env;
}

/** Registers `email` and returns the .txt copy of its verification mail once written. */
async function registerAndReadMail(server: RunningServer, dataDir: string, email: string) {
  const reg = await post(server.base, '/api/auth/register', {
    name: 'Ana',
    email,
    password: 'secret123',
  });
  expect(reg.status).toBe(201);
  const outbox = path.join(dataDir, 'outbox');
  let names: string[] = [];
  // The mail is written by a job after the answer.
  while (!names.some((n) => n.endsWith('.eml'))) {
    await new Promise((r) => setTimeout(r, 50));
    names = existsSync(outbox) ? await readdir(outbox) : [];
  }
  const eml = names.find((n) => n.endsWith('.eml')) ?? '';
  const txtName = eml.replace(/\.eml$/, '.txt');
  expect(names.sort()).toEqual([eml, txtName].sort());
  return {
    eml: await readFile(path.join(outbox, eml), 'utf8'),
    txt: await readFile(path.join(outbox, txtName), 'utf8'),
  };
}

/** The link of a .txt copy: the line after "Link:". */
function linkOf(txt: string): string {
  const lines = txt.split('\n');
  return lines[lines.indexOf('Link:') + 1] ?? '';
}

/** Verifies with the token of `link`: only the token the server created verifies the account. */
async function verifyWith(server: RunningServer, link: string): Promise<string> {
  const token = new URL(link).searchParams.get('token') ?? '';
  return (await fetch(`${server.base}/api/auth/verify?token=${token}`)).text();
}

describe(`first run (${testDbKind()})`, () => {
  it('logs JSON lines when stdout is not a terminal: the banner line, and the mail link whole', async () => {
    const env = await serverEnv();
    const server = await startServer(env);
    const { eml, txt } = await registerAndReadMail(
      server,
      env['DATA_DIR'] ?? '',
      'ana@example.com',
    );
    const link = linkOf(txt);

    // The .eml is quoted-printable, which breaks a copied link; the .txt copy is plain.
    expect(eml).toContain('=3D');
    expect(txt).toContain('To: ana@example.com\nSubject: Verify your e-mail address for Evenly\n');
    expect(link).toMatch(/^http:\/\/localhost:\d+\/verify-email\?token=[A-Za-z0-9_-]+$/);
    expect(txt).not.toMatch(/=3D|=\n/);
    expect(await verifyWith(server, link)).toBe('Email successfully verified. You can now log in.');

    while (!server.output().includes(link)) await new Promise((r) => setTimeout(r, 50));
    expect(await stopServer(server)).toBe(0);

    const lines = server
      .stdout()
      .split('\n')
      .filter((l) => l !== '');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const banner = entries.find((e) => String(e['msg']).startsWith('Evenly is listening'));
    expect(banner).toMatchObject({
      url: expect.stringMatching(/^http:\/\/localhost:\d+$/) as unknown,
      listen: server.base,
      mail: expect.stringContaining(path.join(env['DATA_DIR'] ?? '', 'outbox')) as unknown,
      receipts: `files in ${path.join(env['DATA_DIR'] ?? '', 'receipts')}`,
    });
    expect(banner?.['database']).toEqual(
      testDbKind() === 'pglite'
        ? `embedded (PGlite) at ${path.join(env['DATA_DIR'] ?? '', 'db')}`
        : expect.stringMatching(/^PostgreSQL postgres@127\.0\.0\.1:\d+\/evenly_t_/),
    );
    const mail = entries.find((e) => e['link'] !== undefined);
    expect(mail).toMatchObject({ to: 'ana@example.com', link });
    expect(mail?.['msg']).toBe(
      `✉ Mail to ana@example.com: "Verify your e-mail address for Evenly" → ${link}`,
    );
    expect(server.output()).not.toContain(DB_PASSWORD);
  });

  it('prints a readable banner and log lines with LOG_FORMAT=pretty', async () => {
    const env = await serverEnv({ LOG_FORMAT: 'pretty' });
    const server = await startServer(env);
    const { txt } = await registerAndReadMail(server, env['DATA_DIR'] ?? '', 'bea@example.com');
    const link = linkOf(txt);
    const mailLine = `✉ Mail to bea@example.com: "Verify your e-mail address for Evenly" → ${link}`;
    while (!server.output().includes(mailLine)) await new Promise((r) => setTimeout(r, 50));
    expect(await stopServer(server)).toBe(0);

    const out = server.output();
    expect(out).toContain('Evenly is running');
    expect(out).toMatch(/^ {2}Open +http:\/\/localhost:\d+$/m);
    expect(out).toMatch(new RegExp(`^ {2}Listening +${server.base}$`, 'm'));
    expect(out).toMatch(
      testDbKind() === 'pglite'
        ? new RegExp(`^ {2}Database +embedded \\(PGlite\\) at ${env['DATA_DIR'] ?? ''}/db$`, 'm')
        : /^ {2}Database +PostgreSQL postgres@127\.0\.0\.1:\d+\/evenly_t_\w+$/m,
    );
    expect(out).toMatch(
      new RegExp(`^ {2}Mail +not sent: written to ${env['DATA_DIR'] ?? ''}/outbox`, 'm'),
    );
    // One readable line per request instead of JSON objects; the link whole on the mail's line.
    expect(out).toMatch(/INFO.*: POST \/api\/auth\/register 201 \d+ ms$/m);
    expect(
      server
        .stdout()
        .split('\n')
        .some((l) => l.startsWith('{')),
    ).toBe(false);
    expect(out.split('\n').some((l) => l.endsWith(mailLine))).toBe(true);
    expect(out).not.toContain(DB_PASSWORD);
  });

  it('never prints the database password, not even when the database cannot be reached', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-first-run-'));
    dataDirs.push(dataDir);
    // Port 1: nothing listens; the server stops at start with the connection error.
    const child = spawn(process.execPath, [SERVER_MAIN], {
      env: {
        PATH: process.env['PATH'] ?? '',
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://evenly:${DB_PASSWORD}@127.0.0.1:1/evenly`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(out).toContain('ECONNREFUSED');
    expect(out).not.toContain(DB_PASSWORD);
  });
});
