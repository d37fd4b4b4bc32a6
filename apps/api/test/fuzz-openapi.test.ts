// Fuzzes every operation that /api/openapi.json documents with malformed requests of every kind
// (bodies, path and query parameters, headers, methods), deterministically, and fails on any 5xx
// or on an error response that is not the contract's error body (§1.6). Issue #9: bad input must
// stay a 4xx. Requests carry a valid bearer token of a user who owns a group, an expense (with a
// receipt), a payment, a comment and friendships, so path ids hit real rows as well as junk ones.
// The operations and that world are in support/fuzz-world.ts, the junk in support/fuzz-junk.ts,
// the requests made of it in support/fuzz-requests.ts; this file sends them and judges answers.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';
import type { FakeRates } from './support/fake-rates.js';
import { startFakeRates } from './support/fake-rates.js';
import type { Operation } from './support/fuzz-world.js';
import { operationsOf, seedWorld } from './support/fuzz-world.js';
import { SEED } from './support/fuzz-junk.js';
import type { Dimensions, FuzzRequest } from './support/fuzz-requests.js';
import { assemble, dimensionsFor, systematic } from './support/fuzz-requests.js';

/** Requests made of one random mutation per dimension, after the systematic ones. */
const RANDOM_COMBINATIONS = 300;

let ctx: TestContext;
let rates: FakeRates;
beforeAll(async () => {
  // A local rate service that knows every pair the fuzzer may name (rate 1.5), so a well-formed
  // rate lookup answers 200 rather than the documented 503 of an unreachable service.
  rates = await startFakeRates();
  ctx = await createTestContext({ FX_RATES_URL: rates.url });
  for (const a of ['USD', 'EUR', 'JPY', 'GBP']) {
    for (const b of ['USD', 'EUR', 'JPY', 'GBP']) rates.rates.set(`${a}>${b}`, '1.5');
  }
});
afterAll(async () => {
  await ctx.close();
  await rates.close();
});

// ---------------------------------------------------------------------------------------------
// Sending and judging.

let requestCount = 0;

interface Outcome {
  status: number;
  body: string;
}

async function send(r: FuzzRequest): Promise<Outcome> {
  requestCount += 1;
  const n = requestCount;
  const res = await ctx.app.inject({
    method: r.method as 'GET',
    url: r.url,
    headers: r.headers,
    ...(r.payload === undefined ? {} : { payload: r.payload }),
    // A client address per request, so the per-IP rate limits do not end the fuzzing early.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    // The event stream never ends: its head is enough.
    payloadAsStream: true,
  });
  const stream = res.stream();
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { status: res.statusCode, body: '(event stream)' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

function describeRequest(r: FuzzRequest): string {
  const cut = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, cut(v, 80)]));
  const payload =
    r.payload === undefined
      ? ''
      : `\n  body: ${cut(JSON.stringify(Buffer.isBuffer(r.payload) ? r.payload.toString('latin1') : r.payload))}`;
  return `${r.method} ${cut(r.url, 200)}\n  case: ${r.label}\n  headers: ${JSON.stringify(headers)}${payload}`;
}

/** A problem with the response, or null: no 5xx, and every error is the contract's body. */
function judge(method: string, outcome: Outcome): string | null {
  if (outcome.status >= 500) return `answered ${outcome.status}: ${outcome.body.slice(0, 300)}`;
  // Answers to HEAD carry no body.
  if (outcome.status < 400 || method === 'HEAD') return null;
  try {
    const body = JSON.parse(outcome.body) as {
      status?: unknown;
      message?: unknown;
      code?: unknown;
    };
    if (body.status !== outcome.status) return `error body status ${String(body.status)}`;
    if (typeof body.message !== 'string' || body.message === '')
      return 'error body without message';
    if (typeof body.code !== 'string') return 'error body without code';
    return null;
  } catch {
    return `error ${outcome.status} without a JSON error body: ${outcome.body.slice(0, 200)}`;
  }
}

const failures: string[] = [];
async function check(r: FuzzRequest): Promise<void> {
  let problem: string | null;
  try {
    const out = await send(r);
    problem = judge(r.method, out);
  } catch (error) {
    problem = `the request failed: ${String(error)}`;
  }
  if (problem !== null) failures.push(`${problem}\n  ${describeRequest(r)}`);
}

/**
 * After the fuzz the database still takes writes: a stuck one never answers, a healthy one
 * answers one of three tries within its second (one slow try on a loaded machine is no fault).
 */
async function expectWriteWithinASecond(): Promise<void> {
  const w = await seedWorld(ctx);
  const times: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = Date.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: w.bea.auth,
      payload: { paidToUserId: w.ann.id, amount: '1.00', groupId: w.groupId },
    });
    expect(res.statusCode, res.body).toBe(201);
    times.push(Date.now() - started);
    if ((times.at(-1) ?? Infinity) < 1_000) break;
  }
  expect(Math.min(...times), `write times ${times.join(', ')} ms`).toBeLessThan(1_000);
}

describe('fuzzing every documented operation', () => {
  it(
    'never answers 5xx and always with the contract error body',
    { timeout: 300_000 },
    async () => {
      const doc = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const ops = operationsOf(doc.json());
      // A document that lost its routes would make this test vacuous.
      expect(ops.length).toBeGreaterThanOrEqual(45);
      const started = Date.now();

      const oddMethodsSent = new Set<string>();
      let w = await seedWorld(ctx);
      let dirty = false;
      for (const op of ops) {
        // Other writes leave the rows in place (renamed, edited, joined by new ones); the world
        // is made afresh only after an operation that may have deleted the rows ids point to.
        if (dirty) w = await seedWorld(ctx);
        dirty = op.method === 'DELETE' || /\/(accept|reject)$/.test(op.path);
        const d = await dimensionsFor(ctx, op, w);
        for (const r of systematic(op, w, d)) await check(r);
        // Methods the path does not document: 404 or 405 style answers, never a 5xx.
        if (oddMethodsSent.has(op.path)) continue;
        oddMethodsSent.add(op.path);
        for (const method of ['HEAD', 'OPTIONS', 'PATCH', 'PUT', 'DELETE', 'POST']) {
          if (ops.some((o) => o.path === op.path && o.method === method)) continue;
          await check({
            ...assemble(op, w, d, { path: 0, query: 0, header: null, body: 0 }),
            method,
          });
        }
      }

      // Random combinations of one variant per dimension, reproducible from SEED.
      w = await seedWorld(ctx);
      const fresh: { op: Operation; d: Dimensions }[] = [];
      for (const op of ops) fresh.push({ op, d: await dimensionsFor(ctx, op, w) });
      const picks = fc.sample(
        fc.record({
          op: fc.nat(),
          path: fc.nat(),
          query: fc.nat(),
          header: fc.option(fc.nat(), { freq: 2 }),
          body: fc.nat(),
        }),
        { seed: SEED, numRuns: RANDOM_COMBINATIONS },
      );
      for (const pick of picks) {
        const plan = fresh[pick.op % fresh.length];
        if (plan === undefined) continue;
        const { op, d } = plan;
        await check(
          assemble(op, w, d, {
            path: pick.path % d.paths.length,
            query: pick.query % d.queries.length,
            header: pick.header === null ? null : pick.header % d.headers.length,
            body: pick.body % d.bodies.length,
          }),
        );
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(`fuzz: ${requestCount} requests over ${ops.length} operations in ${seconds} s`);
      expect(failures, `${failures.length} bad answers:\n\n${failures.join('\n\n')}`).toEqual([]);
      await expectWriteWithinASecond();
    },
  );
});
