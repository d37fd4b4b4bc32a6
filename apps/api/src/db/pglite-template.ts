// The embedded database's template: an empty PGlite cluster made once at build time
// (`npm run build`, `npm start`), which a new installation's first start unpacks instead of
// running initdb (issue #35 point 5).
//
// Why: PGlite's initdb runs three WebAssembly PostgreSQL instances at once (the database, a
// helper instance and initdb itself) and took the server's process to about 770–830 MB resident
// and 20+ s on the first start; unpacking this 4–5 MB file takes the process to about 300 MB and
// 3 s. The template holds nothing of the installation (no roles or data beyond initdb's own), so
// every installation of one build may start from it; the migrations run on it as on any database.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from './pglite-params.js';

/** Where the build puts the template: beside this module in `dist/db`. */
export const PGLITE_TEMPLATE_FILE = fileURLToPath(
  new URL('./pglite-template.tar.gz', import.meta.url),
);

/**
 * What the template was made by: PGlite's version and the start parameters. A template from
 * another PGlite (an upgrade without a rebuild) would not open, so it is used only when this
 * matches; otherwise the first start runs initdb as before.
 */
export function pgliteTemplateStamp(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  let version = 'unknown';
  for (let i = 0; i < 5; i++) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite') {
        version = pkg.version ?? version;
        break;
      }
    }
    dir = path.dirname(dir);
  }
  return createHash('sha256')
    .update(JSON.stringify({ version, params: PGLITE_START_PARAMS }))
    .digest('hex')
    .slice(0, 16);
}

const stampFile = (file: string) => `${file}.stamp`;

/** The template at `file` when it exists and was made by this PGlite, else null. */
export async function readPgliteTemplate(file = PGLITE_TEMPLATE_FILE): Promise<Blob | null> {
  if (!existsSync(file) || !existsSync(stampFile(file))) return null;
  if ((await readFile(stampFile(file), 'utf8')).trim() !== pgliteTemplateStamp()) return null;
  return new Blob([new Uint8Array(await readFile(file))]);
}

/** Whether `file` holds a template this PGlite made (the build skips making it again). */
export function pgliteTemplateIsCurrent(file = PGLITE_TEMPLATE_FILE): boolean {
  return (
    existsSync(file) &&
    existsSync(stampFile(file)) &&
    readFileSync(stampFile(file), 'utf8').trim() === pgliteTemplateStamp()
  );
}

/**
 * Runs initdb in memory and writes the cluster as a gzipped tar to `file` (written beside it
 * first and renamed, so a build stopped half-way leaves no half a template), then its stamp.
 */
export async function writePgliteTemplate(file = PGLITE_TEMPLATE_FILE): Promise<number> {
  const db = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  try {
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // The stamp goes last: a template is used only with it, so a stop at any point leaves
    // either the old pair, or a file without its stamp (made again by the next build).
    await rm(stampFile(file), { force: true });
    await writeFile(`${file}.part`, bytes);
    await rename(`${file}.part`, file);
    await writeFile(stampFile(file), `${pgliteTemplateStamp()}\n`);
    return bytes.length;
  } finally {
    await db.close();
  }
}
