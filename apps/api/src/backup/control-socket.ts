// A local control socket for the embedded database. PGlite lives inside the server process and
// only one process may open its files, so while the server runs, `npm run backup` asks the
// server to write the backup (from its own database handle, in one snapshot) over a Unix socket
// in DATA_DIR, reachable only by the account that owns DATA_DIR (mode 0600). The same socket
// tells the other commands (restore, move-to-postgres) that the server is running. The socket is
// only ever in DATA_DIR (never in a shared temp folder another account could listen in first),
// and the backup command talks to it only when it belongs to its own account.
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, lstat, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupSummary } from './write-backup.js';

/** Linux limits a Unix socket's path to 107 bytes (108 with the closing NUL). */
export const MAX_SOCKET_PATH_BYTES = 107;
const SOCKET_NAME = 'control.sock';

export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_NAME);
}

/** The embedded server cannot start: DATA_DIR's path leaves no room for its control socket. */
export class ControlSocketPathError extends Error {
  readonly code = 'DATA_DIR_PATH_TOO_LONG' as const;
}

function socketPathTooLong(dataDir: string): ControlSocketPathError | null {
  const socketPath = controlSocketPath(dataDir);
  const bytes = Buffer.byteLength(socketPath);
  if (bytes <= MAX_SOCKET_PATH_BYTES) return null;
  const room = MAX_SOCKET_PATH_BYTES - SOCKET_NAME.length - 1;
  return new ControlSocketPathError(
    `DATA_DIR is too long for the embedded database's control socket: ${socketPath} is ${bytes} bytes, ` +
      `and a Unix socket path may be at most ${MAX_SOCKET_PATH_BYTES} bytes. ` +
      `Use a DATA_DIR of at most ${room} bytes (a shorter path, or a symbolic link to this folder).`,
  );
}

/** Throws ControlSocketPathError when the control socket of `dataDir` cannot be created. */
export function assertControlSocketFits(dataDir: string): void {
  const error = socketPathTooLong(dataDir);
  if (error !== null) throw error;
}

/** The backup command refuses a control socket another account could have made or written. */
export class UntrustedSocketError extends Error {
  readonly code = 'UNTRUSTED_CONTROL_SOCKET' as const;
}

/**
 * Checks the control socket before anything is sent to it or read from it: a socket owned by
 * this account, not writable by group or others. False when there is none (no server runs).
 */
export async function trustedControlSocket(
  dataDir: string,
  uid: number | undefined = process.getuid?.(),
): Promise<boolean> {
  const socketPath = controlSocketPath(dataDir);
  let stats;
  try {
    stats = await lstat(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const refuse = (why: string) =>
    new UntrustedSocketError(
      `refusing to use ${socketPath}: ${why}. Only the Evenly server running as this account ` +
        `should have made it; stop whatever did, remove the file, and check who can write to ${path.resolve(dataDir)}.`,
    );
  if (!stats.isSocket()) throw refuse('it is not a socket');
  if (uid !== undefined && stats.uid !== uid) {
    throw refuse(`it belongs to user id ${stats.uid}, not to this account (user id ${uid})`);
  }
  if ((stats.mode & 0o022) !== 0) {
    throw refuse(
      `its mode ${(stats.mode & 0o777).toString(8)} lets other accounts write to it (0600 expected)`,
    );
  }
  return true;
}

/** True when a server answers on the control socket of `dataDir`. */
export function serverIsRunning(dataDir: string): Promise<boolean> {
  // No server can listen on a path that does not fit (see assertControlSocketFits).
  if (socketPathTooLong(dataDir) !== null) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect(controlSocketPath(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export class DataDirInUseError extends Error {
  readonly code = 'DATA_DIR_IN_USE' as const;
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

export async function startControlSocket(
  dataDir: string,
  backup: (out: Writable) => Promise<BackupSummary>,
): Promise<ControlSocket> {
  assertControlSocketFits(dataDir);
  const socketPath = controlSocketPath(dataDir);
  if (await serverIsRunning(dataDir)) {
    throw new DataDirInUseError(
      `another Evenly server is running on ${path.resolve(dataDir)}: one embedded database can be opened by one process`,
    );
  }
  // A socket file left by a process that died is in the way of listening.
  await rm(socketPath, { force: true });
  let busy = false;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/status') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"running":true}');
      return;
    }
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    if (busy) {
      res.writeHead(409, { 'content-type': 'text/plain' }).end('a backup is already running');
      return;
    }
    busy = true;
    serveBackup(dataDir, backup, res).finally(() => {
      busy = false;
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/**
 * Writes the backup to a file in DATA_DIR first, then sends that file: the database's
 * transaction never waits on how fast the command reads, and a command that stalls or goes
 * away holds up nothing. The summary follows the bytes as a trailer (it is known only once
 * every file is read).
 */
async function serveBackup(
  dataDir: string,
  backup: (out: Writable) => Promise<BackupSummary>,
  res: http.ServerResponse,
): Promise<void> {
  const file = path.join(dataDir, `.backup-${process.pid}-${Date.now()}.tmp`);
  try {
    const summary = await backup(createWriteStream(file, { mode: 0o600 }));
    res.writeHead(200, { 'content-type': 'application/gzip', trailer: 'x-backup-summary' });
    await pipeline(createReadStream(file), res, { end: false });
    res.addTrailers({ 'x-backup-summary': JSON.stringify(summary) });
    res.end();
  } catch (error) {
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    } else {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Has the running server of `dataDir` write a backup into `out`; null when no server listens
 * (the caller then opens the embedded database itself).
 */
export async function backupThroughServer(
  dataDir: string,
  out: Writable,
): Promise<BackupSummary | null> {
  if (!(await trustedControlSocket(dataDir))) return null;
  if (!(await serverIsRunning(dataDir))) return null;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request({
      socketPath: controlSocketPath(dataDir),
      method: 'POST',
      path: '/backup',
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
  if (res.statusCode !== 200) {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    throw new Error(
      `the server could not write the backup (HTTP ${res.statusCode ?? '?'}): ${text}`,
    );
  }
  // A server that fails half-way destroys the connection: the pipeline rejects, nothing is kept.
  await pipeline(res, out);
  const summary = res.trailers['x-backup-summary'];
  if (summary === undefined) throw new Error('the server ended the backup without finishing it');
  return JSON.parse(summary) as BackupSummary;
}
