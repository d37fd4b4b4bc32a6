// EventHub: fans the change feed (db/change-feed.ts) out to the signed-in users' event streams
// (§4.10). Every process follows the feed, so a stream on any process gets every change its user
// can see, in feed order, each with its position as the SSE event id; a stream that reconnects
// with Last-Event-ID gets what it missed (`resume`).
import type { ChangeFeed, FeedChange } from '../../db/change-feed.js';
import {
  MESSAGE_BAD_TOKEN,
  MESSAGE_NO_TOKEN,
  UnauthenticatedError,
} from '../../errors/app-errors.js';
import type { AuthUser } from '../../plugins/authentication.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { findTokenUser } from '../auth/index.js';
import { TicketSigner } from './event-ticket.js';

/** The entities a stream carries (docs/api.md §4.10). */
const STREAM_ENTITIES = new Set([
  'friendship',
  'group',
  'expense',
  'payment',
  'comment',
  'notification',
]);

/** What a stream receives. */
export interface ChangeEvent {
  /** Position in the change feed (the SSE event id). */
  pos: number;
  entity: string;
  action: string;
  id: number;
  groupId: number | null;
  at: string;
}

export interface StreamSink {
  send(event: ChangeEvent): void;
  /** The stream cannot be resumed exactly: the client must refetch what it shows. */
  reset(): void;
  /** Ends the stream (app closing). */
  end(): void;
}

function eventOf(c: FeedChange): ChangeEvent {
  return { pos: c.pos, entity: c.entity, action: c.action, id: c.id, groupId: c.groupId, at: c.at };
}

export class EventHub {
  private readonly sinks = new Map<number, Set<StreamSink>>();
  private readonly tickets: TicketSigner;
  private readonly feed: ChangeFeed;

  constructor(protected readonly deps: ServiceDeps) {
    this.tickets = new TicketSigner(deps.signingSecret);
    this.feed = deps.feed;
    this.feed.subscribe({ changes: (batch) => this.dispatch(batch) });
  }

  /** POST /events/ticket: a 60-second credential for opening the stream. */
  async issueTicket(userId: number): Promise<{ ticket: string; expiresAt: Date }> {
    const row = await findTokenUser(this.deps.db, userId);
    if (row === undefined) throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    return this.tickets.issue({ userId: row.id, tokenVersion: row.tokenVersion });
  }

  /** The stream's user from a ticket or a bearer token; 401 when neither is valid. */
  async authenticateStream(
    ticket: string | undefined,
    bearer: string | undefined,
  ): Promise<AuthUser> {
    if (ticket !== undefined && ticket !== '') {
      const claims = await this.tickets.verify(ticket);
      if (claims !== null) {
        const row = await findTokenUser(this.deps.db, claims.userId);
        if (row !== undefined && row.tokenVersion === claims.tokenVersion) {
          return { id: row.id, name: row.name, email: row.email };
        }
      }
      throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    }
    if (bearer === undefined) throw new UnauthenticatedError(MESSAGE_NO_TOKEN);
    const user = await this.deps.authenticator.userForToken(bearer);
    if (user === null) throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    return user;
  }

  /** Number of open streams in this process (tests, diagnostics). */
  get streamCount(): number {
    let n = 0;
    for (const set of this.sinks.values()) n += set.size;
    return n;
  }

  /** The feed position a new stream starts after. */
  get position(): number {
    return this.feed.head;
  }

  /**
   * Registers a stream for `userId`; returns its unsubscribe. With `lastEventId` (the position
   * of the last event the client got), the changes it missed are sent first — from the feed's
   * table up to where this process stands, then live — with none twice and none lost; when that
   * cannot be done exactly (too far behind, or older than the feed keeps) the sink is reset.
   */
  async subscribe(
    userId: number,
    sink: StreamSink,
    lastEventId: number | null,
  ): Promise<() => void> {
    let set = this.sinks.get(userId);
    if (set === undefined) {
      set = new Set();
      this.sinks.set(userId, set);
    }
    const unsubscribe = () => {
      const current = this.sinks.get(userId);
      if (current === undefined) return;
      current.delete(gate);
      if (current.size === 0) this.sinks.delete(userId);
    };
    // Live events wait behind the replay; `after` drops anything the client already has.
    let buffered: ChangeEvent[] | null = lastEventId === null ? null : [];
    let after = lastEventId ?? 0;
    const gate: StreamSink = {
      send: (event) => {
        if (buffered !== null) buffered.push(event);
        else if (event.pos > after) {
          after = event.pos;
          sink.send(event);
        }
      },
      reset: () => sink.reset(),
      end: () => sink.end(),
    };
    set.add(gate);
    if (lastEventId !== null) {
      const upTo = this.feed.head;
      const missed =
        lastEventId >= upTo
          ? []
          : await this.feed.replay(userId, lastEventId, upTo).catch(() => null);
      const queued = buffered ?? [];
      buffered = null;
      if (missed === null) {
        sink.reset();
        after = upTo;
      } else {
        for (const c of missed) gate.send(eventOf(c));
      }
      for (const e of queued) gate.send(e);
    }
    return unsubscribe;
  }

  /** Delivers a batch of feed changes to the recipients' streams in this process. */
  dispatch(batch: readonly FeedChange[]): void {
    for (const c of batch) {
      if (!STREAM_ENTITIES.has(c.entity)) continue;
      const event = eventOf(c);
      for (const userId of c.recipients) {
        const set = this.sinks.get(userId);
        if (set === undefined) continue;
        for (const sink of set) {
          try {
            sink.send(event);
          } catch (error) {
            this.deps.logger.warn({ err: error }, 'event stream write failed');
          }
        }
      }
    }
  }

  /** Ends every open stream (before the server closes, so it closes promptly). */
  endStreams(): void {
    const all = [...this.sinks.values()].flatMap((s) => [...s]);
    this.sinks.clear();
    for (const sink of all) sink.end();
  }

  close(): void {
    this.endStreams();
  }
}
