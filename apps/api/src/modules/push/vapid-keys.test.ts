import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseVapidKeys } from '../../config/push-config.js';
import { resolveVapidKeys, VAPID_FILE } from './vapid-keys.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-vapid-unit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resolveVapidKeys', () => {
  it('generates a valid pair once, keeps it with mode 0600 and reuses it', async () => {
    const first = await resolveVapidKeys(null, dir);
    expect(parseVapidKeys(first.publicKey, first.privateKey)).toEqual(first);
    const file = path.join(dir, VAPID_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await resolveVapidKeys(null, dir)).toEqual(first);
  });

  it('gives every process starting at once the same pair', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, () => resolveVapidKeys(null, dir)));
    for (const pair of pairs) expect(pair).toEqual(pairs[0]);
    const kept = JSON.parse(await readFile(path.join(dir, VAPID_FILE), 'utf8')) as unknown;
    expect(kept).toEqual(pairs[0]);
  });

  it('refuses a damaged file rather than replacing the pair devices subscribed with', async () => {
    await writeFile(path.join(dir, VAPID_FILE), '{"publicKey": "x"}');
    await expect(resolveVapidKeys(null, dir)).rejects.toThrow(/vapid\.json is not a valid VAPID/);
  });

  it('prefers the configured pair and writes nothing', async () => {
    const configured = await resolveVapidKeys(null, path.join(dir, 'other'));
    expect(await resolveVapidKeys(configured, dir)).toBe(configured);
    await expect(stat(path.join(dir, VAPID_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
