// Floors of the transactions page: the floor server (floor-server.ts), a bare Fastify beside the
// real server doing only part of the page's work — a real page's bytes sent, the route's own
// statement, the page's rows read without output — each (user, group) once: what that route
// cannot beat on this machine.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtInt } from './format.js';
import { load, probe } from './load.js';
import type { Population } from './population.js';
import { authOf, groupsOf } from './population.js';
import type { Server } from './processes.js';
import { start } from './processes.js';
import { prng, shuffled } from './random.js';
import type { Row } from './rows.js';
import { fixedRow, missingRow, rowOf } from './rows.js';
import { walk } from './no-repeat.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface FloorSetup {
  /** The real server, for one real page of transactions. */
  apiBase: string;
  pop: Population;
  /** The no-repeat rows' users: their (user, group) pairs are walked. */
  walkers: readonly number[];
  /** A pair to fall back on for the sample page if the walkers have no group. */
  writer: number;
  writeGroupId: number;
  /** Where the sample page is written for the floor server to send. */
  dataDir: string;
  dbUrl: string;
}

/** Measures the three floor rows; the floor server runs only while they do. */
export async function measureFloors(s: FloorSetup, report: (row: Row) => void): Promise<void> {
  const { pop, walkers, writer, dataDir, dbUrl } = s;
  const pairs = shuffled(
    walkers.flatMap((u) => groupsOf(pop, u).map((g) => [u, g] as const)),
    prng(3000),
  );
  const [u0, g0] = pairs[0] ?? [writer, s.writeGroupId];
  const sample = await fetch(`${s.apiBase}/api/groups/${g0}/transactions?limit=50`, {
    headers: authOf(pop, u0),
  });
  const pageFile = path.join(dataDir, 'page.json');
  const bytes = Buffer.from(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`the sample page answered ${sample.status}`);
  await writeFile(pageFile, bytes);
  const floor: Server = await start(path.join(here, 'floor-server.js'), '/hello', {
    DATABASE_URL: dbUrl,
    FLOOR_PAGE_FILE: pageFile,
  });
  try {
    const floorBase = floor.base;
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
  } finally {
    floor.child.kill('SIGTERM');
  }
}
