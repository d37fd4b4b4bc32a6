// `npm run restore -- <file> [--force]`: restores a backup into an empty DATA_DIR or database
// (DATABASE_URL), with its receipt files into the configured storage. See README "Backups".
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/config.js';
import { makeNewFilesPrivate } from '../config/private-data-dir.js';
import { createReceiptStorage } from '../modules/receipts/storage.js';
import { TargetNotEmptyError } from './backup-format.js';
import { serverIsRunning } from './control-socket.js';
import { countRows, describeDatabase, failWith, openInstanceDatabase } from './instance.js';
import { readBackupRecords } from './read-backup.js';
import { restoreBackup } from './restore-backup.js';

const USAGE =
  'Usage: npm run restore -- <file> [--force]   (--force replaces what the target holds)';

async function main(): Promise<void> {
  // What this command writes under DATA_DIR is private to its account, like the server's.
  makeNewFilesPrivate();
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-') === true) {
    console.error(USAGE);
    process.exit(args.includes('--help') ? 0 : 2);
  }
  const file = path.resolve(files[0] ?? '');
  const config = loadConfig();
  if (config.databaseUrl === null) {
    if (await serverIsRunning(config.dataDir)) {
      throw new TargetNotEmptyError(
        `an Evenly server is running on ${config.dataDir}: stop it before restoring into it`,
      );
    }
    if (config.storage === 'local' && !force) {
      const receipts = path.join(config.dataDir, 'receipts');
      const present = await readdir(receipts).catch(() => [] as string[]);
      if (present.length > 0) {
        throw new TargetNotEmptyError(
          `${receipts} already holds files; restore into an empty DATA_DIR, or pass --force`,
        );
      }
    }
  }
  const started = Date.now();
  const handle = await openInstanceDatabase(config);
  try {
    const summary = await restoreBackup(readBackupRecords(createReadStream(file)), handle, {
      force,
      storage: createReceiptStorage(config),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Restored ${file} into ${describeDatabase(config)}: ${countRows(summary.rows)} rows in ` +
        `${Object.keys(summary.rows).length} tables, ${summary.files} receipt files, ${seconds} s.` +
        (summary.upgradedBy > 0
          ? ` The backup came from an earlier version: ${summary.upgradedBy} migrations applied after it.`
          : ''),
    );
    if (summary.missingFiles.length > 0) {
      console.warn(
        `Warning: ${summary.missingFiles.length} receipt files were already missing when the backup was made: ${summary.missingFiles.join(', ')}`,
      );
    }
  } finally {
    await handle.close();
  }
}

main().catch(failWith);
