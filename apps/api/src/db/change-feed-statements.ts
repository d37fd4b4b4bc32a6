// The change feed's statements (change-feed.ts): stamping positions, following, replaying for a
// recipient, and deleting old rows.
import type { ChangeAction, ChangeEntity, FeedChange } from './changes.js';
import { isoSql, statement } from './statements.js';

/** Rows stamped per batch, and read per follow. */
export const FEED_BATCH = 2_000;
/** Changes are kept this long for event streams resuming with Last-Event-ID. */
export const RETENTION_HOURS = 24;

// The stamper (migration 0005, evenly_stamp_changes, advisory lock 727450002): one round trip
// that stamps a batch when it gets the lock without waiting, returns the stamped rows with the
// position they follow, and rings the doorbell. Null when nothing waits to be stamped.
export const stampStatement = statement<{
  r: { busy: true } | { base: number | string; rows: FeedRowTuple[] } | null;
}>('feed.stamp', `select evenly_stamp_changes(${FEED_BATCH}) as r`);

export type FeedRowTuple = [
  number | string,
  ChangeEntity,
  ChangeAction,
  number,
  number | null,
  number[],
  number[],
  string,
];

export const followStatement = statement<{ head: string | null; rows: FeedRowTuple[] }>(
  'feed.follow',
  `select (select max(pos) from changes)::text as head,
          coalesce((select json_agg(json_build_array(c.pos, c.entity, c.action, c.entity_id,
                      c.group_id, c.recipients, c.affected, ${isoSql('c.at')}) order by c.pos)
                      from (select * from changes where pos > $1 order by pos limit ${FEED_BATCH}) c),
                   '[]') as rows`,
);

export const replayStatement = statement<{ oldest: string | null; rows: FeedRowTuple[] }>(
  'feed.replay',
  `select (select min(pos) from changes)::text as oldest,
          coalesce((select json_agg(json_build_array(c.pos, c.entity, c.action, c.entity_id,
                      c.group_id, c.recipients, c.affected, ${isoSql('c.at')}) order by c.pos)
                      from (select * from changes where pos > $1 and pos <= $2
                              and $3::int = any(recipients) order by pos limit $4) c),
                   '[]') as rows`,
);

export const cleanupStatement = statement<never>(
  'feed.cleanup',
  `delete from changes where at < now() - interval '${RETENTION_HOURS} hours'
      and pos < (select max(pos) from changes)`,
);

export function feedChangeOf(t: FeedRowTuple): FeedChange {
  return {
    pos: Number(t[0]),
    entity: t[1],
    action: t[2],
    id: t[3],
    groupId: t[4],
    recipients: t[5],
    affected: t[6],
    at: t[7],
  };
}
