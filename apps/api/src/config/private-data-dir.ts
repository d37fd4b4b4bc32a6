// DATA_DIR holds the embedded database (WAL included: addresses, password hashes), the JWT and
// VAPID secrets, outbox mails and receipt files: only the account that runs Evenly may read or
// write any of it. New files are private through the process umask; an install made before
// (or by hand, or restored with a loose umask) is tightened once at start-up.
import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Group and others get nothing: new files 0600, new folders 0700 (PGlite and ours alike). */
export const PRIVATE_UMASK = 0o077;

/** Sets the process umask so every file this process creates is private to its account. */
export function makeNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

export interface TightenResult {
  /** How many files and folders had group or other permissions and were made private. */
  fixed: number;
  /** Entries that could not be changed (not ours, or gone while walking), with the reason. */
  failed: { path: string; reason: string }[];
}

/**
 * Walks `dir` once and removes every group and other permission bit (0666 → 0600, 0755 → 0700).
 * Symbolic links are neither followed nor changed; a missing `dir` is nothing to do.
 */
export async function tightenDataDir(dir: string): Promise<TightenResult> {
  const result: TightenResult = { fixed: 0, failed: [] };
  const pending = [path.resolve(dir)];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    let stats;
    try {
      stats = await lstat(next);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      result.failed.push({ path: next, reason: String(error) });
      continue;
    }
    if (stats.isSymbolicLink()) continue;
    if ((stats.mode & PRIVATE_UMASK) !== 0) {
      try {
        await chmod(next, stats.mode & 0o7700);
        result.fixed++;
      } catch (error) {
        result.failed.push({ path: next, reason: String(error) });
      }
    }
    if (stats.isDirectory()) {
      try {
        for (const name of await readdir(next)) pending.push(path.join(next, name));
      } catch (error) {
        result.failed.push({ path: next, reason: String(error) });
      }
    }
  }
  return result;
}
