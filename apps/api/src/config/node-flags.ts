// Node flags and environment the server runs with: `npm start` passes them (scripts/serve.mjs,
// checked by node-flags.test.ts) and so does the bench when it starts the server.
//
// --max-semi-space-size (MB per semi-space of V8's young generation; Node 20's default lets it
// grow to 16): with 50 requests in flight, a page of transactions builds about 200 KB of short-
// lived objects and strings, and a small young generation is scavenged so often that objects of
// requests still in flight survive and get promoted, to be collected again by the slower full GC.
// Measured on one transactions page read over and over (50 connections): GC 17% of the server's
// CPU profile with the default, 3% with 64; 507 / 630 → 942 / 796 req/s.
//
// Only on PostgreSQL (DATABASE_URL): that is the installation sized for many users at once. The
// young generation, once grown, stays grown, and costs about 100 MB of resident memory: the
// server peaked at 282 MB in the bench's mix against 191 MB with 16, and on the embedded database
// at 444–457 MB against 338–362 MB while scanning receipts (issue #35 holds the whole process tree
// of the small, embedded installation to 700 MB). There a single embedded database serves one
// statement at a time anyway.
const POSTGRES_FLAGS = ['--max-semi-space-size=64'] as const;

// The embedded installation also limits glibc to two malloc arenas (each thread that allocates
// would otherwise get its own, up to 8 per core, and their free pages are rarely given back):
// sharp's and libuv's threads allocate image and hashing buffers. Measured while scanning the 60
// receipts of receipts-dev: the server's peak 359 → 330 MB, its first start (creating the
// database) 468 → 420 MB, with the same scan times.
const EMBEDDED_ENV = { MALLOC_ARENA_MAX: '2' } as const;

export interface ServerProcess {
  /** Node flags, before the script. */
  flags: string[];
  /** Environment variables to set on top of the caller's (it may set them itself to override). */
  env: Record<string, string>;
}

/** How to start a server that will run with this environment. */
export function serverProcess(env: Readonly<Record<string, string | undefined>>): ServerProcess {
  return env['DATABASE_URL']?.trim()
    ? { flags: [...POSTGRES_FLAGS], env: {} }
    : { flags: [], env: { ...EMBEDDED_ENV } };
}
