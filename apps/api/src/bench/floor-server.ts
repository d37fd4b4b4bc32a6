// Floors: a bare Fastify beside the real server (like the hello-world). /floor/pk reads one row
// by primary key through a pg pool: the one-round-trip floor every database read is measured
// against. The others do one part of what GET /api/groups/{id}/transactions does, so the bench
// can show what that route cannot beat on this machine whatever the server does:
// - /floor/page-bytes: sends a real page's bytes (FLOOR_PAGE_FILE), no database;
// - /floor/page-statement?g=&u=: runs the route's own statement (transactions.first, the same
//   text and parameters) and sends PostgreSQL's JSON text unparsed: the database's share;
// - /floor/page-rows?g=&u=: finds and reads the same rows in the same index order but builds no
//   output (answers their count): what reading them costs without formatting them.
// - POST /floor/create: writes one expense's rows in one statement (floor-create.ts): the
//   database's share of a creation.
// Same connection settings as the server's pool (size, generic plans).
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { defaultDatabasePoolSize } from '../config/config.js';
import { STATEMENTS } from '../db/statements.js';
import '../modules/expenses/transactions.repository.js';
import type { FloorCreation } from './floor-create.js';
import { FLOOR_CREATE_TEXT, floorCreateValues } from './floor-create.js';

const databaseUrl = process.env['DATABASE_URL'];
if (databaseUrl === undefined) throw new Error('floor-server needs DATABASE_URL');
/** The sample page (FLOOR_PAGE_FILE), read when /floor/page-bytes is first asked for. */
let page: Buffer | null = null;
const first = STATEMENTS.get('transactions.first');
if (first === undefined) throw new Error('statement transactions.first is not declared');

/** Rows per table, as the route asks for a page of 50 (one more tells whether a next exists). */
const PER_TABLE = 51;
const ORDER = 'order by date desc, created_at desc, id desc';
const statementText = `select row_to_json(q)::text as page from (${first.text}) q`;
const rowsText = `with m as materialized (
    select exists (select 1 from group_members where group_id = $1 and user_id = $3
                     and left_at is null) as member),
  e as materialized (select * from expenses
    where group_id = $1 and deleted_at is null and (select member from m) ${ORDER} limit $2),
  p as materialized (select * from payments
    where group_id = $1 and deleted_at is null and (select member from m) ${ORDER} limit $2)
  select (select count(*) from e) + (select count(*) from p) as n`;

const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: defaultDatabasePoolSize(),
  options: '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0 -c jit=off',
});

/** ?g=<group>&u=<user> → [group, user]. */
function query(q: unknown): [number, number] {
  const { g, u } = (q ?? {}) as { g?: string; u?: string };
  return [Number(g), Number(u)];
}

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/floor/page-bytes', async (_request, reply) => {
  const file = process.env['FLOOR_PAGE_FILE'];
  if (file === undefined) return reply.code(404).send({ message: 'Not found.' });
  page ??= await readFile(file);
  return reply.type('application/json').send(page);
});
// The one-round-trip floor (issue #36): one row read by primary key through the pool, the
// cheapest thing a route that touches the database can do.
app.get('/floor/pk', async (request) => {
  const { u } = (request.query ?? {}) as { u?: string };
  const result = await pool.query<{ id: number; name: string }>({
    name: 'floor.pk',
    text: 'select id, name from users where id = $1',
    values: [Number(u)],
  });
  return result.rows[0] ?? null;
});
app.get('/floor/page-statement', async (request, reply) => {
  const [g, u] = query(request.query);
  const result = await pool.query<{ page: string }>({
    name: 'floor.page-statement',
    text: statementText,
    values: [g, PER_TABLE, u],
  });
  return reply.type('application/json').send(result.rows[0]?.page ?? 'null');
});
app.get('/floor/page-rows', async (request) => {
  const [g, u] = query(request.query);
  const result = await pool.query<{ n: string }>({
    name: 'floor.page-rows',
    text: rowsText,
    values: [g, PER_TABLE, u],
  });
  return { rows: Number(result.rows[0]?.n ?? 0) };
});

/** Idempotency keys of the creation floor: this process's id and a counter, never repeated. */
let created = 0;
app.post('/floor/create', async (request, reply) => {
  const body = request.body as FloorCreation;
  await pool.query({
    name: 'floor.create',
    text: FLOOR_CREATE_TEXT,
    values: floorCreateValues(body, `floor-${process.pid}-${++created}`),
  });
  return reply.code(201).send({ created: true });
});

const port = Number(process.env['PORT'] ?? '0');
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
