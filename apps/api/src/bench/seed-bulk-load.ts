// The seed's bulk-load mode: session settings for a large load, secondary indexes (and the keys
// of tables nothing references) dropped before it and rebuilt after it, foreign-key triggers
// skipped while loading (the generated rows are consistent by construction), identity sequences
// moved past the inserted ids, and VACUUM ANALYZE + CHECKPOINT so measuring starts settled.
import type pg from 'pg';
import { timed } from './seed-sql.js';

/** What was dropped for the load, to rebuild after it. */
export interface BulkLoad {
  indexes: { indexname: string; indexdef: string }[];
  keys: { table: string; name: string; def: string }[];
}

/** Enters bulk-load mode; defines pg_temp.h, the seed's pseudo-random numbers. */
export async function startBulkLoad(client: pg.Client): Promise<BulkLoad> {
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set work_mem = '256MB'`);
  // Skips FK triggers while loading (superuser); the rows are consistent by construction.
  await client.query(`set session_replication_role = replica`);
  // A well-mixed pseudo-random number in [0, 2^30) from a row number and a salt.
  await client.query(`create function pg_temp.h(x bigint, salt bigint) returns bigint
      language sql immutable parallel safe as $$ select hashint8extended(x, salt) & 1073741823 $$`);

  const tables = [
    'users',
    'groups',
    'group_members',
    'friendships',
    'expenses',
    'expense_payers',
    'expense_splits',
    'payments',
    'comments',
    'activities',
    'pair_balances',
  ];
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const ix of indexes.rows) await client.query(`drop index "${ix.indexname}"`);
  // Keys of the big tables that no foreign key references are rebuilt after the load too: row
  // by row, the activities key alone costs more than the whole insert. group_members keeps
  // its key (the membership insert relies on it to drop duplicates).
  const keys = await client.query<{ table: string; name: string; def: string }>(
    `select c.conrelid::regclass::text as table, c.conname as name,
              pg_get_constraintdef(c.oid) as def
         from pg_constraint c
        where c.contype in ('p', 'u') and c.conrelid::regclass::text = any($1)
          and not exists (select 1 from pg_constraint f where f.contype = 'f'
                            and f.confrelid = c.conrelid)`,
    [
      [
        'activities',
        'expense_splits',
        'expense_payers',
        'pair_balances',
        'comments',
        'payments',
        'friendships',
      ],
    ],
  );
  for (const k of keys.rows) {
    await client.query(`alter table "${k.table}" drop constraint "${k.name}"`);
  }
  return { indexes: indexes.rows, keys: keys.rows };
}

/** Leaves bulk-load mode: sequences, keys and indexes back, the database settled. */
export async function finishBulkLoad(
  client: pg.Client,
  { indexes, keys }: BulkLoad,
): Promise<void> {
  for (const [table, column] of [
    ['users', 'id'],
    ['groups', 'id'],
    ['expenses', 'id'],
    ['payments', 'id'],
    ['comments', 'id'],
    ['activities', 'id'],
  ] as const) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', '${column}'),
                       greatest(1, (select max(${column}) from ${table})))`,
    );
  }

  await client.query(`set session_replication_role = origin`);
  for (const k of keys) {
    await timed(
      client,
      `key ${k.name}`,
      `alter table "${k.table}" add constraint "${k.name}" ${k.def}`,
    );
  }
  for (const ix of indexes) await timed(client, `index ${ix.indexname}`, ix.indexdef);
  // Settle the bulk load before measuring: hint bits, visibility map, statistics, dirty pages.
  await timed(client, 'vacuum analyze', 'vacuum (analyze)');
  await timed(client, 'checkpoint', 'checkpoint');
}
