// The creation rows: POST /api/expenses at 50 connections, first by one writer into one group
// (every request updates the same group's pairwise balances, the case issue #36 point 3 names),
// then by many writers each adding to one of their own groups (what a creation costs when writers
// do not share a group, as in the mix); last the creation floor (floor-create.ts): the same
// writers' rows written by one statement on a bare route, which no creation through the app can
// beat.
import type { Planned } from './load.js';
import { load } from './load.js';
import type { FloorCreation } from './floor-create.js';
import { expenseBody } from './mix.js';
import type { Population } from './population.js';
import { authOf, groupsOf, membersOf } from './population.js';
import { pick, prng } from './random.js';
import type { Row } from './rows.js';
import { fixedRow, rowOf } from './rows.js';

export interface WriteSetup {
  pop: Population;
  /** The writer of the one-group row, a member of `groupId`, and the group's members. */
  writer: number;
  groupId: number;
  members: readonly number[];
  /** Users the many-groups row picks its writers from (each writes in their own groups). */
  writers: readonly number[];
  /** The floor server (floor-server.ts), for the creation floor. */
  floorBase: string;
}

/** The requests of a row: `items` prepared up front, sent in turn and again from the start. */
function cycle<T>(items: readonly T[], request: (item: T) => Planned): () => Planned {
  let sent = 0;
  return () => request(items[sent++ % items.length] as T);
}

export async function measureWrites(base: string, s: WriteSetup): Promise<Row[]> {
  const oneGroup = await fixedRow('POST /api/expenses (50 writers, one group)', 'write', base, {
    method: 'POST',
    path: '/api/expenses',
    headers: { ...authOf(s.pop, s.writer), 'content-type': 'application/json' },
    body: JSON.stringify({
      description: 'Bench dinner',
      amount: 90.15,
      date: '2025-03-14',
      groupId: s.groupId,
      splitType: 'EQUAL',
      payers: [{ userId: s.writer, amountPaid: 90.15 }],
      splits: s.members.map((userId) => ({ userId })),
    }),
  });

  const rand = prng(36);
  const bodies = Array.from({ length: 4_096 }, () => {
    const user = pick(s.writers, rand);
    return { auth: authOf(s.pop, user), body: expenseBody(s.pop, user, rand, '2025-03-14') };
  });
  const r = await load(
    base,
    1,
    cycle(bodies, (t) => ({
      kind: 0,
      method: 'POST',
      path: '/api/expenses',
      headers: { ...t.auth, 'content-type': 'application/json' },
      body: t.body,
    })),
  );
  const manyGroups = rowOf(
    'POST /api/expenses (50 writers, each in their own groups)',
    'write',
    r,
    r.errorSamples[0] ?? '',
  );
  return [oneGroup, manyGroups, await measureCreateFloor(s)];
}

/** The creation floor: each request writes a creation's rows in one of its writer's groups. */
async function measureCreateFloor(s: WriteSetup): Promise<Row> {
  const rand = prng(37);
  const bodies = Array.from({ length: 4_096 }, (): string => {
    const user = pick(s.writers, rand);
    const groupId = pick(groupsOf(s.pop, user), rand);
    const c: FloorCreation = {
      groupId,
      payerId: user,
      members: membersOf(s.pop, groupId),
      amountCents: 100 + Math.floor(rand() * 29_900),
    };
    return JSON.stringify(c);
  });
  const r = await load(
    s.floorBase,
    1,
    cycle(bodies, (body) => ({
      kind: 0,
      method: 'POST',
      path: '/floor/create',
      headers: { 'content-type': 'application/json' },
      body,
    })),
  );
  return rowOf(
    "floor: a creation's rows in one statement, no other server work",
    'floor-write',
    r,
    r.errorSamples[0] ?? 'each in their own groups',
  );
}
