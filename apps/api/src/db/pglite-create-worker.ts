// Creates a new embedded database (PGlite's initdb) in a worker thread and exits. See
// openDatabase: the memory initdb grows is released with the worker instead of staying with
// the server for its whole life.
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir } = workerData as { dataDir: string };
await (await PGlite.create({ dataDir })).close();
