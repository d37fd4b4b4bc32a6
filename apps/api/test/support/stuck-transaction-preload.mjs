// Loaded into a real server process (`node --import`, through NODE_OPTIONS) by
// database-watchdog-process.test.ts. On SIGUSR2 it opens a transaction on the server's embedded
// database that reads a row and then waits for ever: the fault of issue #30 finding 16 (a
// transaction waiting for something that never comes holds PGlite's only session, and every
// other statement waits behind it). Nothing else changes in the server.
import { PGlite } from '@electric-sql/pglite';

const opened = [];
const create = PGlite.create.bind(PGlite);
PGlite.create = async (...args) => {
  const db = await create(...args);
  opened.push(db);
  return db;
};

process.on('SIGUSR2', () => {
  const db = opened.at(-1);
  if (db === undefined) return;
  void db
    .transaction(async (tx) => {
      await tx.query('select count(*) from users');
      process.stderr.write('stuck-transaction-preload: the transaction holds the database\n');
      await new Promise(() => undefined);
    })
    .catch(() => undefined);
});
