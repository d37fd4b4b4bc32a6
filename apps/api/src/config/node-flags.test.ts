import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.js';

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
      "import { SERVER_NODE_FLAGS } from '../apps/api/dist/config/node-flags.js'",
    );
    expect(script).toContain('[...SERVER_NODE_FLAGS, main]');
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=64');
  });
});
