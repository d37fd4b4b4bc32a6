// The web app's response types are generated from this server's OpenAPI document and committed
// (apps/web/src/api/generated/openapi.ts). This test generates them again from the routes as they
// are now and fails when the committed file differs: a route's response schema changed (or a
// route came or went) without `npm run api:types`, so the web app would read shapes the server no
// longer sends, or miss new ones (issue #13 point 9).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openApiDocument,
  REGENERATE_COMMAND,
  WEB_API_TYPES_FILE,
  webApiTypesSource,
} from '../scripts/web-api-types.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The first line where the two texts differ, for the failure message. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return `line ${String(i + 1)}: committed ${JSON.stringify(a[i] ?? '<end of file>')}, generated ${JSON.stringify(b[i] ?? '<end of file>')}`;
    }
  }
  return 'none';
}

describe('the web app’s generated API types', () => {
  it('match the OpenAPI document the routes make now', async () => {
    const generated = await webApiTypesSource(openApiDocument(ctx.app));
    const committed = await readFile(WEB_API_TYPES_FILE, 'utf8').catch(() => '');
    const file = path.relative(process.cwd(), WEB_API_TYPES_FILE);
    expect(
      committed === generated,
      `${file} is stale (first difference at ${firstDifference(committed, generated)}). ` +
        `Run \`${REGENERATE_COMMAND}\` and commit the result.`,
    ).toBe(true);
  });
});
