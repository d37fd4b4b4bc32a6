// `npm run move-to-postgres -- <DATABASE_URL> [--force]`: copies the embedded database under
// DATA_DIR into an empty PostgreSQL database with every id, balance and file reference intact.
// Receipt files stay where they are (DATA_DIR/receipts or the S3 bucket); each is read once to
// check it is there. See README "Moving to PostgreSQL".
import { PassThrough } from 'node:stream';
import { loadConfig } from '../config/config.js';
import { makeNewFilesPrivate } from '../config/private-data-dir.js';
import { openDatabase } from '../db/database.js';
import { createReceiptStorage } from '../modules/receipts/storage.js';
import { TargetNotEmptyError } from './backup-format.js';
import { serverIsRunning } from './control-socket.js';
import {
  countRows,
  describeDatabase,
  embeddedExists,
  failWith,
  openInstanceDatabase,
} from './instance.js';
import { readBackupRecords } from './read-backup.js';
import { restoreBackup } from './restore-backup.js';
import { writeBackup } from './write-backup.js';

const USAGE =
  'Usage: npm run move-to-postgres -- <postgres://user:password@host:5432/database> [--force]';

async function main(): Promise<void> {
  // What this command writes under DATA_DIR is private to its account, like the server's.
  makeNewFilesPrivate();
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const urls = args.filter((a) => a !== '--force');
  const url = urls[0];
  if (urls.length !== 1 || url === undefined || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(USAGE);
    process.exit(args.includes('--help') ? 0 : 2);
  }
  // The source is the embedded database of DATA_DIR, whatever DATABASE_URL says.
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: '' }), databaseUrl: null };
  if (!embeddedExists(config)) {
    throw Object.assign(new Error(`there is no embedded database in ${config.dataDir}`), {
      code: 'NO_DATABASE',
    });
  }
  if (await serverIsRunning(config.dataDir)) {
    throw new TargetNotEmptyError(
      `the Evenly server is running on ${config.dataDir}: stop it first, so that nothing written after the copy is left behind`,
    );
  }
  const started = Date.now();
  const source = await openInstanceDatabase(config);
  const target = await openDatabase({ databaseUrl: url, pgliteDir: null, poolSize: 2 });
  try {
    const stream = new PassThrough();
    const written = writeBackup(source, createReceiptStorage(config), stream);
    const restored = restoreBackup(readBackupRecords(stream), target, { force, storage: null });
    // Whichever side fails stops the other instead of leaving it waiting on the stream.
    restored.catch((e: unknown) => stream.destroy(e instanceof Error ? e : new Error(String(e))));
    const [copy, summary] = await Promise.all([written, restored]);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const targetName = describeDatabase({ dataDir: config.dataDir, databaseUrl: url });
    console.log(
      `Copied ${describeDatabase(config)} into ${targetName}: ${countRows(summary.rows)} rows in ` +
        `${Object.keys(summary.rows).length} tables, ${copy.files} receipt files checked, ${seconds} s.`,
    );
    if (copy.missingFiles.length > 0) {
      console.warn(
        `Warning: ${copy.missingFiles.length} receipt files are missing: ${copy.missingFiles.join(', ')}`,
      );
    }
    console.log(
      `Next: start Evenly with DATABASE_URL set to that database, keeping DATA_DIR=${config.dataDir} ` +
        `for receipt files${config.storage === 'local' ? '' : ' (S3 storage: unchanged)'}, the JWT secret ` +
        `and the push keys (before running several processes, set JWT_SECRET to the content of ` +
        `${config.dataDir}/jwt-secret and VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY to those in ` +
        `${config.dataDir}/vapid.json). ` +
        `The embedded database is left as it was; remove ${config.dataDir}/db once you are satisfied.`,
    );
  } finally {
    await source.close();
    await target.close();
  }
}

main().catch(failWith);
