// Creates a new embedded database (PGlite's initdb) in a worker thread and exits. See
// openDatabase: the memory initdb grows is released with the worker instead of staying with
// the server for its whole life.
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from './pglite-params.js';
import { PrivateNodeFS } from './pglite-private-fs.js';

const { dataDir } = workerData as { dataDir: string };
await (
  await PGlite.create({ fs: new PrivateNodeFS(dataDir), startParams: PGLITE_START_PARAMS })
).close();
