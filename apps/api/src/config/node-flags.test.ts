import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.js';

const rootPackage = new URL('../../../../package.json', import.meta.url);

describe("the server's node flags", () => {
  it('npm start runs the server with every one of them', async () => {
    const pkg = JSON.parse(await readFile(rootPackage, 'utf8')) as { scripts: { start: string } };
    const serverCommand =
      pkg.scripts.start
        .split('&&')
        .map((c) => c.trim())
        .at(-1) ?? '';
    expect(serverCommand).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} apps/api/dist/main.js`);
  });
});
