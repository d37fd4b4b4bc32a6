// The VAPID key pair that signs every push request. Browsers bind each subscription to the
// public key it was made with, so the pair must never change behind their back: it comes from
// VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or is generated once and kept in DATA_DIR/vapid.json
// (mode 0600), the way auth/jwt.ts keeps the generated JWT secret.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { VapidKeyPair } from '../../config/push-config.js';
import { parseVapidKeys } from '../../config/push-config.js';

export const VAPID_FILE = 'vapid.json';

async function readKeyFile(file: string): Promise<VapidKeyPair | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const value = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof value.publicKey !== 'string' || typeof value.privateKey !== 'string') {
      throw new Error('publicKey and privateKey must be strings');
    }
    return parseVapidKeys(value.publicKey, value.privateKey);
  } catch (error) {
    // Never replace a damaged pair silently: every device subscribed with it would stop
    // receiving pushes. The operator decides (restore the file, or delete it).
    throw new Error(`${file} is not a valid VAPID key pair: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** The configured pair, else the one in DATA_DIR/vapid.json, made on the first start. */
export async function resolveVapidKeys(
  configured: VapidKeyPair | null,
  dataDir: string,
): Promise<VapidKeyPair> {
  if (configured !== null) return configured;
  const file = path.join(dataDir, VAPID_FILE);
  const existing = await readKeyFile(file);
  if (existing !== null) return existing;
  await mkdir(dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  const keys: VapidKeyPair = { publicKey: generated.publicKey, privateKey: generated.privateKey };
  // Written whole to a private temporary file, then linked into place: link() fails when the
  // name exists, so of several processes starting at once exactly one pair wins, and nobody
  // reads a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = await readKeyFile(file);
    if (theirs === null) throw error;
    return theirs;
  } finally {
    await unlink(temporary);
  }
}
