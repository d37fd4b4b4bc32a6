// Process entry point: configuration, database and migrations, listening, graceful shutdown.
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { makeNewFilesPrivate, tightenDataDir } from './config/private-data-dir.js';
import {
  assertControlSocketFits,
  ControlSocketPathError,
  DataDirInUseError,
  serverIsRunning,
  startControlSocket,
} from './backup/control-socket.js';
import { writeBackup } from './backup/write-backup.js';
import { openDatabase } from './db/database.js';
import {
  describeStall,
  EXIT_DATABASE_STALLED,
  startDatabaseWatchdog,
} from './db/database-watchdog.js';
import { createReceiptStorage } from './modules/receipts/storage.js';
import { runMigrations } from './db/migrate.js';
import { releaseFreedMemory } from './process/release-freed-memory.js';
import { resolveLogFormat } from './logging/log-format.js';
import { formatBanner, startupSummary } from './logging/startup-banner.js';

async function main(): Promise<void> {
  // Every file and folder this process creates (the embedded database, its WAL, secrets, outbox
  // mails, receipts) is readable by this account alone: 0600 and 0700.
  makeNewFilesPrivate();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The embedded database's control socket lives in DATA_DIR alone: a path too long for a Unix
  // socket is refused here, before anything is opened (never a socket in a shared folder).
  if (config.databaseUrl === null) {
    try {
      assertControlSocketFits(config.dataDir);
    } catch (error) {
      if (error instanceof ControlSocketPathError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  // An install made before (or restored, or copied with a loose umask) is made private once.
  const tightened = await tightenDataDir(config.dataDir);

  // One embedded database, one process: a second server on the same DATA_DIR would corrupt it.
  if (config.databaseUrl === null && (await serverIsRunning(config.dataDir))) {
    console.error(
      new DataDirInUseError(`another Evenly server is running on ${path.resolve(config.dataDir)}`)
        .message,
    );
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
  });
  if (config.migrate) await runMigrations(database);

  const app = await buildApp({ config, database });
  if (tightened.fixed > 0) {
    app.log.warn(
      { dataDir: config.dataDir, fixed: tightened.fixed },
      `made ${tightened.fixed} files and folders in ${config.dataDir} private to this account (0600/0700): they were readable or writable by others`,
    );
  }
  for (const failed of tightened.failed) {
    app.log.warn(failed, `could not make ${failed.path} private to this account`);
  }
  // The embedded database is reachable only inside this process: `npm run backup` asks it
  // for a backup over a socket in DATA_DIR (see backup/control-socket.ts).
  const control =
    database.kind === 'pglite'
      ? await startControlSocket(config.dataDir, (out) =>
          writeBackup(database, createReceiptStorage(config), out),
        )
      : null;
  // The embedded database cannot be restarted from inside the process: if it stops answering,
  // the process says what was running and exits for its supervisor to start it again.
  const activity = database.activity;
  const watchdog =
    activity !== null && config.dbWatchdogMs > 0
      ? startDatabaseWatchdog({
          activity,
          stallMs: config.dbWatchdogMs,
          ping: () => database.ping(config.dbWatchdogMs),
          onStalled: (report) => {
            app.log.fatal({ databaseStall: report }, describeStall(report));
            process.exit(EXIT_DATABASE_STALLED);
          },
        })
      : null;
  app.addHook('onClose', async () => {
    watchdog?.stop();
    await control?.close();
    await database.close();
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  // Opening (or creating) the database, migrating and building the routes freed tens of MB of
  // C heap that glibc keeps resident: give it back before serving (65–77 MB measured, once).
  const released = releaseFreedMemory();
  if (released.available) {
    app.log.info(
      { freedMb: released.freedMb },
      `gave back ${released.freedMb} MB of freed memory after starting`,
    );
  }
  const summary = startupSummary(config, address);
  if (resolveLogFormat(config.logFormat, process.stdout.isTTY === true) === 'pretty') {
    process.stdout.write(formatBanner(summary));
  } else {
    app.log.info(
      { ...summary, address, databaseKind: database.kind, dataDir: config.dataDir },
      `Evenly is listening on ${address}: open ${summary.url}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
