// Runs before `npm run build` and `npm start` (so before `npm test` and `npm run bench`): .npmrc
// turns install scripts off, so a postinstall would never run. It fixes one bug of the
// embedded database, @electric-sql/pglite 0.5.16: when its PostgreSQL backend stops in the middle
// of a message (it calls exit(), e.g. after a FATAL error), `execProtocolRawSync` catches the
// ExitStatus, ignores it and calls the dead backend again, forever, synchronously, at 100% CPU
// (electric-sql/pglite#1058; the fix proposed upstream is pglite#1097). No timer can interrupt
// it: the server, or a test worker, hangs until it is killed. Patched, the query rejects with the
// ExitStatus instead, and so does every later one: the server answers 503 and /api/ready says it
// is not ready (db/errors.ts), a test fails with the reason, nothing spins.
//
// The edit is one expression, found by its exact shape; a file already patched is left alone, and
// a version whose code no longer has that shape is reported and left alone (the bug may be fixed).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The catch of the protocol loop: only the longjmp sentinel is handled, the rest swallowed. */
const SWALLOWING_CATCH =
  /catch\((\w+)\)\{(\w+)\.stackRestore\((\w+)\),\1\.status===this\.POSTGRES_MAIN_LONGJMP&&\2\._PostgresMainLongJmp\(\)\}/g;
const MARK = '/*evenly:rethrow*/';

function patched(source) {
  return source.replace(
    SWALLOWING_CATCH,
    (_all, error, mod, stack) =>
      `catch(${error}){${MARK}if(${mod}.stackRestore(${stack}),${error}.status===this.POSTGRES_MAIN_LONGJMP)${mod}._PostgresMainLongJmp();else throw ${error}}`,
  );
}

async function main() {
  let packageDir;
  try {
    const require = createRequire(path.join(process.cwd(), 'apps/api/package.json'));
    // Its exports do not include package.json: resolve the entry point, then go up to dist/..
    packageDir = path.dirname(path.dirname(require.resolve('@electric-sql/pglite')));
  } catch {
    return; // not installed (yet): nothing to patch
  }
  const dist = path.join(packageDir, 'dist');
  const files = (await readdir(dist, { recursive: true })).filter(
    (f) => f.endsWith('.js') || f.endsWith('.cjs'),
  );
  let changed = 0;
  let alreadyPatched = 0;
  for (const file of files) {
    const full = path.join(dist, file);
    const source = await readFile(full, 'utf8');
    if (source.includes(MARK)) {
      alreadyPatched++;
      continue;
    }
    if (!source.includes('POSTGRES_MAIN_LONGJMP')) continue;
    const next = patched(source);
    if (next !== source) {
      await writeFile(full, next);
      changed++;
    }
  }
  if (changed + alreadyPatched === 0) {
    const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8'));
    console.warn(
      `patch-pglite: @electric-sql/pglite ${version} no longer has the loop this script fixes ` +
        '(pglite#1058); nothing was changed. Check whether the release fixed it and remove the script.',
    );
    return;
  }
  if (changed > 0) console.log(`patch-pglite: ${changed} file(s) of PGlite patched (pglite#1058)`);
}

await main();
