// Floors of the transactions page: the floor server (floor-server.ts), a bare Fastify beside the
// real server doing only part of the page's work — a real page's bytes sent, the route's own
// statement, the page's rows read without output — each (user, group) once: what that route
// cannot beat on this machine.
import { writeFile } from 'node:fs/promises';
import { fmtInt } from './format.js';
import { load, probe } from './load.js';
import type { Population } from './population.js';
import { authOf, groupsOf } from './population.js';
import { prng, shuffled } from './random.js';
import type { Row } from './rows.js';
import { fixedRow, missingRow, rowOf } from './rows.js';
import { walk } from './no-repeat.js';

export interface FloorSetup {
  /** The real server, for one real page of transactions. */
  apiBase: string;
  pop: Population;
  /** The no-repeat rows' users: their (user, group) pairs are walked. */
  walkers: readonly number[];
  /** A pair to fall back on for the sample page if the walkers have no group. */
  writer: number;
  writeGroupId: number;
  /** Where the sample page is written for the floor server to send (its FLOOR_PAGE_FILE). */
  pageFile: string;
  /** The floor server (floor-server.ts), started with the run. */
  floorBase: string;
}

/** Measures the three floor rows of the transactions page. */
export async function measureFloors(s: FloorSetup, report: (row: Row) => void): Promise<void> {
  const { pop, walkers, writer, pageFile, floorBase } = s;
  const pairs = shuffled(
    walkers.flatMap((u) => groupsOf(pop, u).map((g) => [u, g] as const)),
    prng(3000),
  );
  const [u0, g0] = pairs[0] ?? [writer, s.writeGroupId];
  const sample = await fetch(`${s.apiBase}/api/groups/${g0}/transactions?limit=50`, {
    headers: authOf(pop, u0),
  });
  const bytes = Buffer.from(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`the sample page answered ${sample.status}`);
  await writeFile(pageFile, bytes);
  {
    report(
      await fixedRow(
        `floor: a real page's ${fmtInt(bytes.length)} bytes, no database`,
        'floor',
        floorBase,
        { method: 'GET', path: '/floor/page-bytes', headers: {} },
      ),
    );
    for (const [name, route] of [
      ["floor: the page's statement, no other server work", '/floor/page-statement'],
      ["floor: the page's rows read, no output", '/floor/page-rows'],
    ] as const) {
      const w = walk(pairs, (u, g) => ({
        kind: 0,
        method: 'GET',
        path: `${route}?g=${g}&u=${u}`,
        headers: {},
      }));
      const why = await probe(floorBase, w.first);
      if (why !== null) {
        report(missingRow(name, 'floor', why));
        continue;
      }
      const r = await load(floorBase, 1, w.next);
      report(
        rowOf(
          name,
          'floor',
          r,
          w.used() > w.size
            ? `WRAPPED: ${fmtInt(w.used() - w.size)} requests repeated a pair (${fmtInt(w.size)})`
            : `${fmtInt(w.used())} of ${fmtInt(w.size)} (user, group) pairs used`,
        ),
      );
    }
  }
}

/**
 * The one-round-trip floor (issue #36): /floor/pk, one row by primary key through a pg pool on a
 * bare Fastify, walking `users` so each request reads another row. Every database read of the
 * server is reported as a ratio to it.
 */
export async function measurePkFloor(floorBase: string, users: readonly number[]): Promise<Row> {
  const name = 'floor: one primary-key read through a bare route';
  const order = shuffled(
    users.map((u) => [u, 0] as const),
    prng(3100),
  );
  const w = walk(order, (u) => ({ kind: 0, method: 'GET', path: `/floor/pk?u=${u}`, headers: {} }));
  const why = await probe(floorBase, w.first);
  if (why !== null) return missingRow(name, 'floor-pk', why);
  return rowOf(
    name,
    'floor-pk',
    await load(floorBase, 1, w.next),
    `${fmtInt(order.length)} users walked`,
  );
}
