// `npm run db:migrate`: apply pending migrations to DATABASE_URL (or the embedded database).
import path from 'node:path';
import { loadConfig } from '../config/config.js';
import { makeNewFilesPrivate } from '../config/private-data-dir.js';
import { openDatabase } from './database.js';
import { runMigrations } from './migrate.js';

makeNewFilesPrivate();
const config = loadConfig();
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
});
try {
  await runMigrations(handle);
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
