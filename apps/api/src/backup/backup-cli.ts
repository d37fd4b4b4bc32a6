// `npm run backup -- <file>`: writes the whole instance (database and receipt files) to one
// file, consistent while the server runs. See README "Backups".
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { AppConfig } from '../config/config.js';
import { loadConfig } from '../config/config.js';
import { makeNewFilesPrivate } from '../config/private-data-dir.js';
import { createReceiptStorage } from '../modules/receipts/storage.js';
import { backupThroughServer } from './control-socket.js';
import {
  countRows,
  describeDatabase,
  embeddedExists,
  failWith,
  formatBytes,
  openInstanceDatabase,
} from './instance.js';
import type { BackupSummary } from './write-backup.js';
import { writeBackup } from './write-backup.js';

const USAGE = 'Usage: npm run backup -- <file>   (e.g. evenly-2026-11-25.evenly-backup.gz)';

async function main(): Promise<void> {
  // What this command writes under DATA_DIR is private to its account, like the server's.
  makeNewFilesPrivate();
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === '--help' || args[0]?.startsWith('-') === true) {
    console.error(USAGE);
    process.exit(args[0] === '--help' ? 0 : 2);
  }
  const file = path.resolve(args[0] ?? '');
  const config = loadConfig();
  const started = Date.now();
  // Written beside the target and renamed when complete: a file at `file` is always whole.
  const partial = `${file}.partial-${process.pid}`;
  let summary: BackupSummary;
  let how: string;
  try {
    const out = () => createWriteStream(partial, { mode: 0o600 });
    if (config.databaseUrl === null) {
      const viaServer = await backupThroughServer(config.dataDir, out());
      if (viaServer !== null) {
        summary = viaServer;
        how = 'through the running server';
      } else {
        if (!embeddedExists(config)) {
          throw Object.assign(new Error(`there is no embedded database in ${config.dataDir}`), {
            code: 'NO_DATABASE',
          });
        }
        summary = await backupDirectly(config, out());
        how = 'with the server stopped';
      }
    } else {
      summary = await backupDirectly(config, out());
      how = 'in one snapshot';
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const size = (await stat(file)).size;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Backup of ${describeDatabase(config)} written to ${file} ${how}: ` +
      `${countRows(summary.rows)} rows in ${Object.keys(summary.rows).length} tables, ` +
      `${summary.files} receipt files, ${formatBytes(size)}, ${seconds} s.`,
  );
  if (summary.missingFiles.length > 0) {
    console.warn(
      `Warning: ${summary.missingFiles.length} receipt files named by expenses were not in storage: ${summary.missingFiles.join(', ')}`,
    );
  }
}

async function backupDirectly(config: AppConfig, out: Writable): Promise<BackupSummary> {
  const handle = await openInstanceDatabase(config);
  try {
    return await writeBackup(handle, createReceiptStorage(config), out);
  } finally {
    await handle.close();
  }
}

main().catch(failWith);
