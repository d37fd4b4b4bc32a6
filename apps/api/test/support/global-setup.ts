// Vitest global setup of the API tiers: builds the run's migrated template databases once
// (database-templates.ts) and names them to the test processes, which start after this. A
// template a test run was handed from outside (the variables already set) is used as it is.
import {
  PGLITE_TEMPLATE_DIR,
  PGLITE_TEMPLATE_TAR,
  POSTGRES_TEMPLATE_DB,
  buildPgliteTemplates,
  buildPostgresTemplate,
  dropPostgresTemplate,
  removeTemplates,
  templateFolder,
} from './database-templates.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // Each project of the run calls this in the same main process: the first one builds.
  if (process.env[PGLITE_TEMPLATE_TAR] !== undefined) return undefined;
  const folder = await templateFolder();
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const [pglite, postgres] = await Promise.all([
    buildPgliteTemplates(folder),
    adminUrl === undefined || adminUrl === '' ? null : buildPostgresTemplate(adminUrl),
  ]);
  process.env[PGLITE_TEMPLATE_TAR] = pglite.tar;
  process.env[PGLITE_TEMPLATE_DIR] = pglite.dir;
  if (postgres !== null) process.env[POSTGRES_TEMPLATE_DB] = postgres;
  return async () => {
    if (adminUrl !== undefined && postgres !== null) await dropPostgresTemplate(adminUrl, postgres);
    await removeTemplates(folder);
  };
}
