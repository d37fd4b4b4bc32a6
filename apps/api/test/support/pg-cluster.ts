// A PostgreSQL cluster a test owns: initdb in a temporary directory, started and stopped with
// pg_ctl on a free port, so a test can take the whole database server away and bring it back.
// PostgreSQL refuses to run as root: as root the tools run as the `postgres` system user.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.js';

const exec = promisify(execFile);

/** The directory of pg_ctl and initdb (Debian keeps them per major version). */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

export interface OwnedCluster {
  port: number;
  /** postgres:// URL of the database `evenly` on it. */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop` in the given mode (fast: disconnect everyone and shut down cleanly). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
}

async function runAsPostgres(bin: string, args: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await exec('runuser', ['-u', 'postgres', '--', bin, ...args], { timeout: 60_000 });
  else await exec(bin, args, { timeout: 60_000 });
}

export async function createOwnedCluster(): Promise<OwnedCluster> {
  const binDir = postgresBinDir();
  if (binDir === null) throw new Error('PostgreSQL server binaries not found');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-pg-'));
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await exec('id', ['-u', 'postgres']);
    const { stdout: gid } = await exec('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(dir, 0o700);
  await runAsPostgres(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const port = await freePort();
  const pgCtl = path.join(binDir, 'pg_ctl');
  const start = async () => {
    await runAsPostgres(pgCtl, [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  };
  await start();
  const base = `postgres://postgres@127.0.0.1:${port}`;
  await exec(path.join(binDir, 'psql'), [`${base}/postgres`, '-qc', 'create database evenly']);
  return {
    port,
    url: `${base}/evenly`,
    start,
    async stop(mode = 'fast') {
      await runAsPostgres(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    async destroy() {
      await runAsPostgres(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(
        () => undefined,
      );
      await rm(dir, { recursive: true, force: true });
    },
  };
}
