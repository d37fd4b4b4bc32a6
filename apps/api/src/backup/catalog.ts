// What the backup copies, read from PostgreSQL's catalog rather than listed by hand, so a new
// table or column is backed up without anyone remembering to add it here.
import { ident } from './backup-format.js';
import type { RawSession } from './raw-session.js';

/** Ordinary tables of the public schema, by name. */
export async function publicTables(session: RawSession): Promise<string[]> {
  const rows = await session.rows(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  return rows.map((r) => String(r[0]));
}

/** A table's stored columns in their order (generated columns are computed again on insert). */
export async function storedColumns(session: RawSession, table: string): Promise<string[]> {
  const rows = await session.rows(
    `select attname from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => String(r[0]));
}

export async function publicSequences(session: RawSession): Promise<string[]> {
  const rows = await session.rows(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((r) => String(r[0]));
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

export async function publicForeignKeys(session: RawSession): Promise<ForeignKey[]> {
  const rows = await session.rows(
    `select c.relname, k.conname, pg_get_constraintdef(k.oid)
       from pg_constraint k join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' order by c.relname, k.conname`,
  );
  return rows.map((r) => ({ table: String(r[0]), name: String(r[1]), definition: String(r[2]) }));
}

export async function tableExists(session: RawSession, table: string): Promise<boolean> {
  const rows = await session.rows(`select to_regclass($1) is not null`, [`public.${ident(table)}`]);
  return rows[0]?.[0] === true;
}
