// Node flags the server runs with: `npm start` passes them (scripts/serve.mjs, checked by
// node-flags.test.ts) and so does the bench when it starts the server.
//
// --max-semi-space-size (MB per semi-space of V8's young generation; Node 20's default lets it
// grow to 16): with 50 requests in flight, a page of transactions builds about 200 KB of short-
// lived objects and strings, and a small young generation is scavenged so often that objects of
// requests still in flight survive and get promoted, to be collected again by the slower full GC.
// Measured on one transactions page read over and over (50 connections): GC 17% of the server's
// CPU profile with the default, 3% with 64; 507 / 630 → 942 / 796 req/s. The young generation
// grows to this size only under load: the server's resident size peaked at 282 MB during the
// bench's mix against 191 MB with 16.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
