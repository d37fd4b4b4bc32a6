// The change feed: a transactional outbox that every server process follows (design note:
// README.md in this folder).
//
// A write records each change it makes as a row of `changes` inside its own transaction, so a
// change exists exactly when its write committed. Rows get their delivery position `pos` after
// the commit, from one stamper at a time (whichever process takes the advisory lock), in one
// transaction per batch: positions therefore become visible in increasing order with no later
// gap filling in, and a follower that has read up to `pos` = n has seen every change up to n.
// NOTIFY on FEED_CHANNEL is only the doorbell (payload: the new head position); a timer follows
// the feed anyway, so a lost NOTIFY or a dead LISTEN connection delays delivery by at most one
// poll interval. Subscribers (caches, event streams) get the changes in position order.
// The rows and their writing are in changes.ts, the feed's statements in change-feed-statements.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.js';
import type { NotificationSource } from './listener.js';
import { run } from './statements.js';
import {
  cleanupStatement,
  FEED_BATCH,
  feedChangeOf,
  followStatement,
  replayStatement,
  stampStatement,
} from './change-feed-statements.js';
import type { FeedChange, FeedSubscriber } from './changes.js';
import { FEED_CHANNEL } from './changes.js';

export { RETENTION_HOURS } from './change-feed-statements.js';
export type { Change, ChangeAction, ChangeEntity, FeedChange, FeedSubscriber } from './changes.js';
export { changeJson, changesInsertSql, FEED_CHANNEL, insertChanges } from './changes.js';

export interface ChangeFeedOptions {
  /** Follow (and stamp) at least this often, whatever the doorbell does. */
  pollMs?: number;
  /** Not live once this long has passed without a successful follow. */
  staleAfterMs?: number;
  /** How often old rows are deleted. */
  cleanupEveryMs?: number;
  now?: () => number;
}

export class ChangeFeed {
  private readonly subscribers: FeedSubscriber[] = [];
  private position = -1;
  private lastFollowOkMs = 0;
  private isLive = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The pump runs one pass at a time; a request during a pass asks for another. */
  private running: Promise<void> | null = null;
  /** What the next pass must do: stamp (a local commit), follow up to at least this head. */
  private wantStamp = false;
  private knownHead = 0;
  private wantFollow = false;
  private stampRetries = 0;
  private lastCleanupMs = 0;
  private readonly pollMs: number;
  private readonly staleAfterMs: number;
  private readonly cleanupEveryMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly listener: NotificationSource,
    private readonly logger: FastifyBaseLogger,
    options: ChangeFeedOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.staleAfterMs = options.staleAfterMs ?? 3_000;
    this.cleanupEveryMs = options.cleanupEveryMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
    // The doorbell names the new head: follow only when it is past ours.
    listener.on(FEED_CHANNEL, (payload) => {
      const head = Number(payload);
      if (Number.isSafeInteger(head) && head > 0) this.kick({ head });
      else this.kick({ stamp: true, follow: true });
    });
    // Back after a lost LISTEN connection: doorbells may have been missed.
    listener.onState({ connected: () => this.kick({ stamp: true, follow: true }) });
  }

  /** Adds a subscriber; returns its removal. */
  subscribe(subscriber: FeedSubscriber): () => void {
    this.subscribers.push(subscriber);
    return () => {
      const i = this.subscribers.indexOf(subscriber);
      if (i >= 0) this.subscribers.splice(i, 1);
    };
  }

  /** True while the feed is being followed (a successful follow within `staleAfterMs`). */
  get live(): boolean {
    return this.isLive;
  }

  /** The position up to which every change has been handed to the subscribers. */
  get head(): number {
    return Math.max(this.position, 0);
  }

  /** Starts following from the current end of the feed. */
  async start(): Promise<void> {
    try {
      const [row] = await run(this.db, followStatement, [Number.MAX_SAFE_INTEGER]);
      this.position = Number(row?.head ?? 0);
      this.markFollowed();
    } catch (error) {
      // The database is not there yet: the first successful follow sets the position.
      this.logger.warn({ err: error }, 'change feed: could not read the feed head; retrying');
    }
    this.timer = setInterval(() => this.tick(), this.pollMs);
    this.timer.unref();
  }

  /**
   * Runs a pass soon: `stamp` after a local commit (its changes need positions), `head` from a
   * doorbell (follow if it is past where this process stands), `follow` to read in any case.
   * No argument: both (the poll, tests).
   */
  kick(
    what: { stamp?: boolean; follow?: boolean; head?: number } = { stamp: true, follow: true },
  ): void {
    if (this.closed) return;
    if (what.stamp === true) this.wantStamp = true;
    if (what.follow === true) this.wantFollow = true;
    if (what.head !== undefined) this.knownHead = Math.max(this.knownHead, what.head);
    if (!this.wantStamp && !this.wantFollow && this.knownHead <= this.position) return;
    // A pass under way picks the wants up when it ends.
    if (this.running !== null) return;
    this.running = this.pump().then((ok) => {
      this.running = null;
      // After a failure the next poll tries again: no tight loop against a database that is down.
      if (ok) this.kick({});
    });
  }

  /** Resolves once the pass under way (if any) and any pass it asked for have run. */
  async settled(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  /**
   * The changes `userId` received after position `after` up to `upTo` (for an event stream
   * resuming with Last-Event-ID), or null when more than `limit` positions lie between them or
   * they are older than the feed keeps (the client must refetch instead).
   */
  async replay(
    userId: number,
    after: number,
    upTo: number,
    limit = 1_000,
  ): Promise<FeedChange[] | null> {
    if (upTo - after > 50_000) return null;
    const [row] = await run(this.db, replayStatement, [after, upTo, userId, limit + 1]);
    // Positions after `after` were already deleted (older than the retention): gaps unknown.
    if (row?.oldest !== null && row?.oldest !== undefined && Number(row.oldest) > after + 1) {
      return null;
    }
    const rows = (row?.rows ?? []).map(feedChangeOf);
    return rows.length > limit ? null : rows;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
  }

  private tick(): void {
    if (this.isLive && this.now() - this.lastFollowOkMs > this.staleAfterMs) {
      this.setLive(false);
    }
    this.kick({ stamp: true, follow: true });
  }

  /** One pass; false when the database failed it. */
  private async pump(): Promise<boolean> {
    let ok = true;
    const stamp = this.wantStamp;
    this.wantStamp = false;
    if (stamp) {
      try {
        await this.stamp();
      } catch (error) {
        ok = false;
        this.logger.debug({ err: error }, 'change feed: stamping failed');
      }
    }
    if (this.wantFollow || this.knownHead > this.position) {
      this.wantFollow = false;
      try {
        await this.follow();
      } catch (error) {
        ok = false;
        this.logger.debug({ err: error }, 'change feed: following failed');
      }
    }
    if (this.now() - this.lastCleanupMs > this.cleanupEveryMs) {
      this.lastCleanupMs = this.now();
      await run(this.db, cleanupStatement, []).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'change feed: cleanup failed');
      });
    }
    return ok;
  }

  /**
   * Gives positions to committed, unstamped changes (one batch per transaction). When another
   * process holds the stamper's lock, its batch may have been cut before our rows committed, so
   * try again shortly (the timer covers the rest).
   */
  private async stamp(): Promise<void> {
    const [row] = await run(this.db, stampStatement, []);
    const r = row?.r ?? null;
    if (r === null) return;
    if ('busy' in r) {
      if (this.stampRetries++ < 5) setTimeout(() => this.kick({ stamp: true }), 5).unref();
      return;
    }
    this.stampRetries = 0;
    const base = Number(r.base);
    const rows = r.rows.map(feedChangeOf);
    const last = rows[rows.length - 1];
    if (last === undefined) return;
    this.knownHead = Math.max(this.knownHead, last.pos);
    if (rows.length === FEED_BATCH) this.wantStamp = true;
    if (this.position === base) {
      // This process stood right before the batch: deliver it without reading it back.
      this.position = last.pos;
      this.emit(rows);
      this.markFollowed();
    }
  }

  private async follow(): Promise<void> {
    for (let rounds = 0; rounds < 50; rounds++) {
      const from = Math.max(this.position, 0);
      const [row] = await run(this.db, followStatement, [from]);
      const head = Number(row?.head ?? 0);
      // The table's head is the truth (a doorbell's may be from before a truncate).
      this.knownHead = head;
      const rows = (row?.rows ?? []).map(feedChangeOf);
      if (this.position < 0 || head < this.position) {
        // First contact after a failed start, or the feed went backwards (truncated or
        // restored): what was kept on its strength can no longer be trusted.
        this.position = head;
        this.markFollowed();
        this.emitReset();
        return;
      }
      if (rows.length > 0) {
        const last = rows[rows.length - 1];
        if (last !== undefined) this.position = last.pos;
        this.emit(rows);
      }
      this.markFollowed();
      if (rows.length < FEED_BATCH) return;
    }
  }

  private markFollowed(): void {
    this.lastFollowOkMs = this.now();
    if (!this.isLive) this.setLive(true);
  }

  private setLive(live: boolean): void {
    this.isLive = live;
    if (!live) this.emitReset();
    for (const s of this.subscribers) {
      try {
        s.liveness?.(live);
      } catch (error) {
        this.logger.warn({ err: error }, 'change feed subscriber failed');
      }
    }
  }

  private emit(batch: readonly FeedChange[]): void {
    for (const s of this.subscribers) {
      try {
        s.changes?.(batch);
      } catch (error) {
        this.logger.warn({ err: error }, 'change feed subscriber failed');
      }
    }
  }

  private emitReset(): void {
    for (const s of this.subscribers) {
      try {
        s.reset?.();
      } catch (error) {
        this.logger.warn({ err: error }, 'change feed subscriber failed');
      }
    }
  }
}
