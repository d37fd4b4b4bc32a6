// Rows of `changes`, the change feed's outbox (change-feed.ts): what a change is, and how a
// write records its changes inside its own transaction, so a change exists exactly when its
// write committed.
import type { Db } from './database.js';
import { run, statement } from './statements.js';

export const FEED_CHANNEL = 'evenly_feed';

export type ChangeEntity =
  | 'friendship'
  | 'group'
  | 'expense'
  | 'payment'
  | 'comment'
  | 'user'
  /** The recipient's notifications changed beyond the entities above (read state). */
  | 'notification';
export type ChangeAction = 'created' | 'updated' | 'deleted';

/** One change as a write records it. */
export interface Change {
  entity: ChangeEntity;
  action: ChangeAction;
  /** The changed row's id (for `user` changes the user, 0 = every user). */
  id: number;
  groupId: number | null;
  /** Users who can see the change (each gets it on their event stream). */
  recipients: readonly number[];
  /**
   * Users whose balances or cached views the change moves besides the recipients (e.g. former
   * members named on an edited expense).
   */
  affected?: readonly number[];
  /** When the change was made (defaults to when it is recorded). */
  at?: Date;
}

/** A change as followers receive it: with its position in the feed. */
export interface FeedChange {
  pos: number;
  entity: ChangeEntity;
  action: ChangeAction;
  id: number;
  groupId: number | null;
  recipients: number[];
  affected: number[];
  /** ISO 8601 with milliseconds. */
  at: string;
}

export interface FeedSubscriber {
  /** Changes in position order (called synchronously by the follower). */
  changes?(batch: readonly FeedChange[]): void;
  /**
   * The feed lost its position (stale for too long, or the table went backwards after a
   * truncate or restore): anything kept on the strength of the feed must be dropped.
   */
  reset?(): void;
  /** Whether the feed is being followed now (see ChangeFeed.live). */
  liveness?(live: boolean): void;
}

/** The JSON form of a change for {@link CHANGES_INSERT_SQL}. */
export function changeJson(c: Change): Record<string, unknown> {
  return {
    entity: c.entity,
    action: c.action,
    id: c.id,
    group_id: c.groupId,
    recipients: [...new Set(c.recipients)],
    affected: [...new Set(c.affected ?? [])],
    at: (c.at ?? new Date()).toISOString(),
  };
}

/** SQL: inserts the changes given as a JSON array of {@link changeJson} in parameter `param`. */
export function changesInsertSql(param: string): string {
  return `insert into changes (entity, action, entity_id, group_id, recipients, affected, at)
     select c.entity, c.action, c.id, c.group_id,
            array(select jsonb_array_elements_text(c.recipients)::int),
            array(select jsonb_array_elements_text(c.affected)::int), c.at
       from jsonb_to_recordset(${param}::jsonb)
         as c(entity text, action text, id int, group_id int, recipients jsonb, affected jsonb,
              at timestamptz)`;
}

const insertChangesStatement = statement<never>('changes.insert', changesInsertSql('$1'));

/** Records changes in the transaction `tx` (one round trip). */
export async function insertChanges(tx: Db, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  await run(tx, insertChangesStatement, [JSON.stringify(changes.map(changeJson))]);
}
