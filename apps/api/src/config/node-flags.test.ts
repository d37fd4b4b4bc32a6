import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { serverProcess } from './node-flags.js';

const rootPackage = new URL('../../../../package.json', import.meta.url);
const supervisor = new URL('../../../../scripts/serve.mjs', import.meta.url);

describe("the server's node flags", () => {
  it('npm start runs the server through its supervisor, which passes every one of them', async () => {
    const pkg = JSON.parse(await readFile(rootPackage, 'utf8')) as { scripts: { start: string } };
    const serverCommand =
      pkg.scripts.start
        .split('&&')
        .map((c) => c.trim())
        .at(-1) ?? '';
    expect(serverCommand).toBe('node scripts/serve.mjs');
    const script = await readFile(supervisor, 'utf8');
    expect(script).toContain(
      "import { serverProcess } from '../apps/api/dist/config/node-flags.js'",
    );
    expect(script).toContain('[...server.flags, main]');
    expect(script).toContain('env: { ...server.env, ...process.env }');
  });

  it('tunes a server on PostgreSQL for throughput and the embedded one for memory', () => {
    expect(serverProcess({ DATABASE_URL: 'postgres://db/evenly' })).toEqual({
      flags: ['--max-semi-space-size=64'],
      env: {},
    });
    const embedded = { flags: [], env: { MALLOC_ARENA_MAX: '2' } };
    expect(serverProcess({})).toEqual(embedded);
    expect(serverProcess({ DATABASE_URL: ' ' })).toEqual(embedded);
  });
});
