// Which statements count as reads (run again when their connection dies) and which never do.
import { describe, expect, it } from 'vitest';
import { isReadOnlyStatement } from './read-retry.js';

describe('isReadOnlyStatement', () => {
  it('takes selects and read-only CTEs for reads, columns named like verbs included', () => {
    for (const text of [
      'select 1',
      '  SELECT id, updated_at, deleted_at FROM expenses WHERE id = $1',
      'with page as (select id from expenses limit $1) select * from page',
      "select evenly_search_norm($1) as q, to_char(created_at, 'YYYY') from expenses",
      'select jsonb_set(data, $1, $2) from t offset 10',
    ]) {
      expect(isReadOnlyStatement(text), text).toBe(true);
    }
  });

  it('never takes a statement that changes, locks or notifies for a read', () => {
    for (const text of [
      'insert into t values (1)',
      'with x as (insert into t values (1) returning id) select id from x',
      'with x as (update t set a = 1 returning id) select * from x',
      'with x as (delete from t returning id) select * from x',
      'select id from jobs where due_at < now() for update skip locked',
      'select id from groups where id = $1 for key share',
      'select id from t for no key update',
      "select nextval('expenses_id_seq')",
      'select pg_advisory_xact_lock($1)',
      "select pg_notify('evenly_feed', '')",
      "select set_config('statement_timeout', '1s', true)",
      'select evenly_stamp_changes($1)',
      'select evenly_apply_pair_deltas($1, $2, $3)',
      'update t set a = 1',
      'delete from t',
      'lock table t',
      'listen evenly_feed',
    ]) {
      expect(isReadOnlyStatement(text), text).toBe(false);
    }
  });
});
