/**
 * Where a child process or worker thread of this package starts: the built `.js` file beside the
 * caller, or, when running from TypeScript sources (tests, tsx), the `.ts` file loaded through
 * tsx as well.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';

export interface ScriptEntry {
  file: string;
  /** Node options the script needs (the tsx loader for sources, none when built). */
  execArgv: string[];
}

/** `name` without extension, in the directory of the module whose `import.meta.url` is given. */
export function scriptEntry(callerUrl: string, name: string): ScriptEntry {
  const dir = path.dirname(fileURLToPath(callerUrl));
  const js = path.join(dir, `${name}.js`);
  if (existsSync(js)) return { file: js, execArgv: [] };
  const require = createRequire(callerUrl);
  const tsxDir = path.dirname(require.resolve('tsx/package.json'));
  const loader = pathToFileURL(path.join(tsxDir, 'dist/loader.mjs')).href;
  return { file: path.join(dir, `${name}.ts`), execArgv: ['--import', loader] };
}

/**
 * Starts the worker thread `name` (beside the caller). From sources, tsx is loaded inside the
 * thread: Node 20 does not apply the loader of `--import` in a worker's execArgv to its modules.
 */
export function startWorker(callerUrl: string, name: string, options: WorkerOptions): Worker {
  const { file, execArgv } = scriptEntry(callerUrl, name);
  if (execArgv.length === 0) return new Worker(file, options);
  const api = import.meta.resolve('tsx/esm/api');
  const target = JSON.stringify(pathToFileURL(file).href);
  const code = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${target}, ${target}))`;
  return new Worker(code, { ...options, eval: true });
}
