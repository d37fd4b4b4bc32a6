// Runs before `npm run build` and `npm start` (so before `npm test` and `npm run bench`): .npmrc
// turns install scripts off, so a postinstall would never run. It fixes two bugs of the embedded
// database, @electric-sql/pglite 0.5.16 (0.5.17 has both):
//
// 1. A dead backend spins for ever. When its PostgreSQL backend stops in the middle of a message
//    (it calls exit(), e.g. after a FATAL error), `execProtocolRawSync` catches the ExitStatus,
//    ignores it and calls the dead backend again, forever, synchronously, at 100% CPU
//    (electric-sql/pglite#1058; the fix proposed upstream is pglite#1097). No timer can interrupt
//    it: the server, or a test worker, hangs until it is killed. Patched, the query rejects with
//    the ExitStatus instead, and so does every later one: the server answers 503 and /api/ready
//    says it is not ready (db/errors.ts), a test fails with the reason, nothing spins.
//
// 2. Extensions loaded side by side lose function pointers. PGlite preloads the WebAssembly of
//    every extension it is given at once (one `createPreloadedFile` per extension, awaited
//    together). Emscripten's loader, after each module is instantiated, resolves every entry of
//    the shared offset table that is still unresolved, and sets those it cannot find to 0 for
//    good; an entry of a module still being instantiated is among them. So when btree_gin
//    finished first, some of pg_trgm's own function addresses stayed 0, and a trigram query
//    (`similarity`, `%`) failed with "null function or function signature mismatch", after which
//    the backend was gone: every later statement failed (CI: search.test.ts, search.e2e). It
//    happened in about one start in nine (11 of 100 script starts with btree_gin and pg_trgm; 0 of
//    54 with pg_trgm alone or beside unaccent). Patched, each extension is preloaded after the one
//    before it has finished: 0 of 150 starts failed.
//
// Each edit is one expression, found by its exact shape; a file already patched is left alone,
// and a version whose code no longer has that shape is reported and left alone (the bug may be
// fixed).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const PATCHES = [
  {
    name: 'rethrow the exit of a dead backend (pglite#1058)',
    mark: '/*evenly:rethrow*/',
    // The catch of the protocol loop: only the longjmp sentinel is handled, the rest swallowed.
    shape:
      /catch\((\w+)\)\{(\w+)\.stackRestore\((\w+)\),\1\.status===this\.POSTGRES_MAIN_LONGJMP&&\2\._PostgresMainLongJmp\(\)\}/g,
    replace: (mark) => (_all, error, mod, stack) =>
      `catch(${error}){${mark}if(${mod}.stackRestore(${stack}),${error}.status===this.POSTGRES_MAIN_LONGJMP)${mod}._PostgresMainLongJmp();else throw ${error}}`,
  },
  {
    name: 'preload extensions one after another',
    mark: '/*evenly:sequential-extensions*/',
    // `r.push(...preload(mod, name, bytes, log))`: the preloads of this extension are collected
    // and awaited with every other extension's at the end.
    shape:
      /(\w+)\.push\(\.\.\.(\w+)\((\w+),(\w+),(\w+),(\w+)\)\)(\}else console\.error\("Could not get binary data for extension:")/g,
    replace: (mark) => (_all, _list, preload, mod, name, bytes, log, rest) =>
      `${mark}await Promise.all(${preload}(${mod},${name},${bytes},${log}))${rest}`,
  },
];

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
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8'));
  for (const patch of PATCHES) {
    let changed = 0;
    let alreadyPatched = 0;
    for (const file of files) {
      const full = path.join(dist, file);
      const source = await readFile(full, 'utf8');
      if (source.includes(patch.mark)) {
        alreadyPatched++;
        continue;
      }
      const next = source.replace(patch.shape, patch.replace(patch.mark));
      if (next !== source) {
        await writeFile(full, next);
        changed++;
      }
    }
    if (changed + alreadyPatched === 0) {
      console.warn(
        `patch-pglite: @electric-sql/pglite ${version} no longer has the code of "${patch.name}"; ` +
          'nothing was changed. Check whether the release fixed it and remove that patch.',
      );
    } else if (changed > 0) {
      console.log(`patch-pglite: ${changed} file(s) of PGlite patched: ${patch.name}`);
    }
  }
}

await main();
