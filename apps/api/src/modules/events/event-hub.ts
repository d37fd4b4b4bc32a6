// EventHub: fans change notifications out to the signed-in users' event streams (§4.10).
// One LISTEN per process: a dedicated pg.Client on PostgreSQL (reconnected with backoff when it
// drops), `pglite.listen` on PGlite. PostgreSQL delivers NOTIFY only on commit, so a rolled-back
// change is never sent. There is no replay: clients refetch on (re)connect.
import pg from 'pg';
import {
  MESSAGE_BAD_TOKEN,
  MESSAGE_NO_TOKEN,
  UnauthenticatedError,
} from '../../errors/app-errors.js';
import type { AuthUser } from '../../plugins/authentication.js';
import { userForToken } from '../../plugins/authentication.js';
import type { ServiceDeps, Services } from '../../services.js';
import { findUserById } from '../auth/users.repository.js';
import { TicketSigner } from './event-ticket.js';
import type { ChangeNotification } from './change-notifier.js';
import { CHANGES_CHANNEL } from './change-notifier.js';

/** What a stream receives (recipients stripped). */
export interface ChangeEvent {
  entity: ChangeNotification['entity'];
  action: ChangeNotification['action'];
  id: number;
  groupId: number | null;
  at: string;
}

export interface StreamSink {
  send(event: ChangeEvent): void;
  /** Ends the stream (app closing). */
  end(): void;
}

const MAX_BACKOFF_MS = 10_000;

export class EventHub {
  private readonly sinks = new Map<number, Set<StreamSink>>();
  private started: Promise<void> | null = null;
  private closed = false;
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs = 250;
  private unlistenPglite: (() => Promise<void>) | null = null;
  private readonly tickets: TicketSigner;

  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {
    this.tickets = new TicketSigner(deps.signingSecret);
  }

  /** POST /events/ticket: a 60-second credential for opening the stream. */
  async issueTicket(userId: number): Promise<{ ticket: string; expiresAt: Date }> {
    const row = await findUserById(this.deps.db, userId);
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
        const row = await findUserById(this.deps.db, claims.userId);
        if (row !== undefined && row.tokenVersion === claims.tokenVersion) {
          return { id: row.id, name: row.name, email: row.email };
        }
      }
      throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    }
    if (bearer === undefined) throw new UnauthenticatedError(MESSAGE_NO_TOKEN);
    const user = await userForToken(this.deps.db, this.deps.jwt, bearer);
    if (user === null) throw new UnauthenticatedError(MESSAGE_BAD_TOKEN);
    return user;
  }

  /** Number of open streams in this process (tests, diagnostics). */
  get streamCount(): number {
    let n = 0;
    for (const set of this.sinks.values()) n += set.size;
    return n;
  }

  /**
   * Starts this process's LISTEN (once). Resolves when it is established, or after a failed first
   * attempt (the listener then keeps reconnecting in the background).
   */
  ready(): Promise<void> {
    this.started ??= this.listen();
    return this.started;
  }

  /** Registers a stream for `userId`; returns its unsubscribe. Call {@link ready} first. */
  subscribe(userId: number, sink: StreamSink): () => void {
    let set = this.sinks.get(userId);
    if (set === undefined) {
      set = new Set();
      this.sinks.set(userId, set);
    }
    set.add(sink);
    return () => {
      const current = this.sinks.get(userId);
      if (current === undefined) return;
      current.delete(sink);
      if (current.size === 0) this.sinks.delete(userId);
    };
  }

  /** Delivers one raw NOTIFY payload to the recipients' streams in this process. */
  dispatch(payload: string): void {
    let n: ChangeNotification;
    try {
      n = JSON.parse(payload) as ChangeNotification;
    } catch {
      this.deps.logger.warn('ignoring a malformed change notification');
      return;
    }
    if (!Array.isArray(n.recipients)) return;
    const event: ChangeEvent = {
      entity: n.entity,
      action: n.action,
      id: n.id,
      groupId: n.groupId ?? null,
      at: n.at,
    };
    for (const userId of n.recipients) {
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

  /** Ends every open stream (before the server closes, so it closes promptly). */
  endStreams(): void {
    const all = [...this.sinks.values()].flatMap((s) => [...s]);
    this.sinks.clear();
    for (const sink of all) sink.end();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.endStreams();
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    if (client !== null) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
    const unlisten = this.unlistenPglite;
    this.unlistenPglite = null;
    if (unlisten !== null) await unlisten().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const { database, config } = this.deps;
    if (database.pglite !== null) {
      this.unlistenPglite = await database.pglite.listen(CHANGES_CHANNEL, (payload) =>
        this.dispatch(payload),
      );
      return;
    }
    // The pool's own connection settings (tests hand in a database without DATABASE_URL).
    const settings: pg.ClientConfig =
      database.pool !== null
        ? { ...database.pool.options }
        : { connectionString: config.databaseUrl ?? undefined };
    await this.connectPg({ ...settings, connectionTimeoutMillis: 5_000 });
  }

  /** Connects the dedicated LISTEN client; on failure or drop, retries with backoff. */
  private async connectPg(settings: pg.ClientConfig): Promise<void> {
    const client = new pg.Client(settings);
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.deps.logger.warn(
        { err: error },
        `event listener lost its database connection; reconnecting in ${this.backoffMs} ms`,
      );
      this.scheduleReconnect(settings);
    };
    client.on('error', onDrop);
    client.on('end', () => onDrop());
    client.on('notification', (msg) => {
      if (msg.channel === CHANGES_CHANNEL && msg.payload !== undefined) this.dispatch(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      onDrop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.closed || dropped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.backoffMs = 250;
  }

  private scheduleReconnect(settings: pg.ClientConfig): void {
    if (this.reconnectTimer !== null || this.closed) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connectPg(settings);
    }, delay);
    this.reconnectTimer.unref();
  }
}
