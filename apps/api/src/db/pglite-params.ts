// Start parameters of the embedded database, for opening it (database.ts) and for creating it
// (pglite-create-worker.ts).
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's own start parameters plus 32 MB of shared buffers instead of its 128 MB. PGlite keeps
 * the buffers in its WebAssembly memory, which counts in full in the server's memory, while its
 * files stay in the operating system's page cache anyway. Measured: reopening a database, the
 * process holds 193 MB instead of 318 MB; creating one peaks at 780 MB instead of 949 MB. So a
 * server scanning receipts beside it stays within its memory budget (issue #15). 32 MB was
 * PostgreSQL's own default for years; larger installs run on PostgreSQL (DATABASE_URL).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
