// A started server has not loaded the libraries it needs only now and then: sharp (profile
// pictures, a report's thumbnails), pdfkit and fontkit (trip reports) and the AWS SDK (only with
// STORAGE=s3). Loaded, they cost a server about 80 MB of resident memory (issue #35: on the
// embedded database the server shares 700 MB with the receipt engine). The server runs as an
// operator runs it, with a module resolve hook (support/record-imports.mjs) that lists every
// package it imports; the other tests show each library still works when it is needed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from './support/http-client.js';
import type { RunningServer } from './support/server-process.js';
import { assertServerBuilt, startServer, stopServer } from './support/server-process.js';

const RECORDER = fileURLToPath(new URL('./support/record-imports.mjs', import.meta.url));
const LAZY = ['sharp', 'pdfkit', 'fontkit', '@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner'];

let dir: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  assertServerBuilt();
  dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-lazy-'));
  server = await startServer({
    DATA_DIR: path.join(dir, 'data'),
    REQUIRE_EMAIL_VERIFICATION: 'false',
    FX_RATES_URL: '',
    NODE_OPTIONS: `--import=${RECORDER}`,
    RECORD_IMPORTS_TO: path.join(dir, 'imports.txt'),
  });
});
afterAll(async () => {
  if (server !== undefined) await stopServer(server);
  await rm(dir, { recursive: true, force: true });
});

/** The packages the server has imported so far (from the resolved URLs the hook wrote). */
async function importedPackages(): Promise<Set<string>> {
  const urls = (await readFile(path.join(dir, 'imports.txt'), 'utf8')).split('\n');
  const names = urls.map((u) => /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]);
  return new Set(names.filter((n): n is string => n !== undefined));
}

describe('libraries loaded on first use', () => {
  it('are not loaded by a started server that has signed someone up', async () => {
    if (server === undefined) throw new Error('no server');
    await account(server.base, 'Ann');
    const loaded = await importedPackages();
    // The hook sees the server's own libraries (otherwise the check below proves nothing).
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('@node-rs/argon2');
    for (const name of LAZY) expect(loaded, name).not.toContain(name);
  });
});
