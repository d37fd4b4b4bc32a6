// `npm start` builds only what changed since the last build, so restarting a built install
// takes seconds, not the full build's ~15 s on two cores. Each target's inputs (sources,
// configs, the lockfile) are hashed; the hash is recorded beside the target's output after a
// successful build, and a target whose recorded hash differs, or whose output is missing, is
// built again. A fresh clone has no output: the first `npm start` builds everything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Directories under an input that are never inputs: outputs and installed packages. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dev-dist', 'coverage', '.vite']);

/** Shared by both targets: compiler settings and the installed dependency versions. */
const COMMON_INPUTS = ['tsconfig.base.json', 'package.json', 'package-lock.json'];

/** @type {import('./build-if-stale.d.mts').BuildTarget[]} */
export const TARGETS = [
  {
    name: 'server',
    inputs: [
      ...COMMON_INPUTS,
      ...['packages/core', 'packages/receipts', 'apps/api'].flatMap((dir) => [
        `${dir}/src`,
        `${dir}/package.json`,
        `${dir}/tsconfig.json`,
      ]),
    ],
    outputs: [
      'packages/core/dist/index.js',
      'packages/receipts/dist/index.js',
      'apps/api/dist/main.js',
    ],
    stamp: 'apps/api/dist/.build-inputs',
    command: ['npx', 'tsc', '-b', 'packages/core', 'packages/receipts', 'apps/api'],
  },
  {
    name: 'web',
    inputs: [
      ...COMMON_INPUTS,
      'packages/core/src',
      'packages/core/package.json',
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'apps/web/vite.config.ts',
    ],
    outputs: ['apps/web/dist/index.html'],
    stamp: 'apps/web/dist/.build-inputs',
    command: ['npm', 'run', 'build', '-w', '@evenly/web'],
  },
  {
    // An empty embedded database that a new installation unpacks instead of running initdb
    // (apps/api/src/db/pglite-template.ts). Made by the built server's code, so after it.
    name: 'embedded database template',
    inputs: [
      'package-lock.json',
      'apps/api/src/db/pglite-params.ts',
      'apps/api/src/db/pglite-template.ts',
    ],
    outputs: ['apps/api/dist/db/pglite-template.tar.gz'],
    stamp: 'apps/api/dist/db/.template-inputs',
    command: ['node', 'apps/api/dist/db/make-pglite-template.js'],
  },
];

/** Every file under `relative` (a file or a directory), as sorted paths relative to `root`. */
function listFiles(root, relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  const files = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(root, child));
    else if (entry.isFile()) files.push(child);
  }
  return files;
}

/** SHA-256 over the names and contents of every input file: any edit, addition or removal changes it. */
export function hashInputs(root, inputs) {
  const hash = createHash('sha256');
  const files = [...new Set(inputs.flatMap((input) => listFiles(root, input)))].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Latest modification time (ms) of the files under `dir`, or 0 when there are none. */
function newestWrite(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why `target` must be built, or null when its output is there and built from these inputs. */
export function staleReason(root, target) {
  const missing = target.outputs.find((output) => !existsSync(path.join(root, output)));
  if (missing !== undefined) return `${missing} is missing`;
  const stampFile = path.join(root, target.stamp);
  if (!existsSync(stampFile)) return 'no record of the inputs it was built from';
  // `npm run build` writes outputs without a record: after it, the record may name other inputs.
  const recorded = statSync(stampFile).mtimeMs;
  const outDirs = new Set(target.outputs.map((output) => path.join(root, path.dirname(output))));
  if ([...outDirs].some((dir) => newestWrite(dir) > recorded))
    return 'built since without a record';
  const built = readFileSync(stampFile, 'utf8').trim();
  return built === hashInputs(root, target.inputs) ? null : 'its sources changed';
}

/** Records that `target`'s output is built from `hash`. */
export function recordBuilt(root, target, hash) {
  writeFileSync(path.join(root, target.stamp), `${hash}\n`);
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (const target of TARGETS) {
    const reason = staleReason(root, target);
    if (reason === null) {
      console.log(`build: ${target.name} is up to date`);
      continue;
    }
    console.log(`build: ${target.name} (${reason})`);
    // Hashed before building: an edit made during the build makes the next start build again.
    const hash = hashInputs(root, target.inputs);
    const [command, ...args] = target.command;
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    recordBuilt(root, target, hash);
  }
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  main();
}
