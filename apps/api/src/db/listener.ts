// DatabaseListener: this process's one LISTEN connection, shared by every module that reacts to
// PostgreSQL notifications (the change feed's doorbell). A dedicated pg.Client on PostgreSQL,
// reconnected with backoff when it drops; `pglite.listen` on PGlite. A connection can also die
// without a word (a network cut, a failover behind a proxy): TCP keepalive and a heartbeat query
// every HEARTBEAT_MS (which must answer within HEARTBEAT_TIMEOUT_MS) notice that within seconds,
// and the connection is replaced. Notifications are only ever a doorbell here: whoever listens
// also polls, so a missed one delays, never loses, anything.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './database.js';

const MAX_BACKOFF_MS = 10_000;
export const HEARTBEAT_MS = 5_000;
/** How the LISTEN session shows in pg_stat_activity (unless DATABASE_URL names sessions). */
export const LISTENER_APPLICATION_NAME = 'evenly-listener';
export const HEARTBEAT_TIMEOUT_MS = 3_000;

/** Ends a client's socket at once: `end()` waits for a goodbye a dead peer never sends. */
function destroySocket(client: pg.Client): void {
  const connection = (client as unknown as { connection?: { stream?: { destroy(): void } } })
    .connection;
  connection?.stream?.destroy();
}

export type NotificationHandler = (payload: string) => void;

export interface ListenerEvents {
  /** The LISTEN is (re)established: notifications may have been missed while it was down. */
  connected(): void;
  /** The LISTEN is lost: notifications are not being received until `connected` fires. */
  disconnected(): void;
}

/** What the caches need of the listener (tests give them a stand-in). */
export interface NotificationSource {
  /** True while notifications are being received. */
  readonly connected: boolean;
  on(channel: string, handler: NotificationHandler): void;
  onState(listener: Partial<ListenerEvents>): void;
}

export class DatabaseListener implements NotificationSource {
  private readonly handlers = new Map<string, NotificationHandler[]>();
  private readonly stateListeners: Partial<ListenerEvents>[] = [];
  private started: Promise<void> | null = null;
  private closed = false;
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private backoffMs = 250;
  private readonly unlistenPglite: (() => Promise<void>)[] = [];
  private live = false;

  private readonly heartbeatMs: number;
  private readonly heartbeatTimeoutMs: number;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: FastifyBaseLogger,
    /** Connection settings when the database handle has no pool (tests). */
    private readonly databaseUrl: string | null,
    options: { heartbeatMs?: number; heartbeatTimeoutMs?: number } = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  }

  /** True while notifications are being received. */
  get connected(): boolean {
    return this.live;
  }

  /** Registers a handler for a channel; call before {@link start}. */
  on(channel: string, handler: NotificationHandler): void {
    if (this.started !== null) throw new Error('register listeners before start()');
    const list = this.handlers.get(channel) ?? [];
    list.push(handler);
    this.handlers.set(channel, list);
  }

  onState(listener: Partial<ListenerEvents>): void {
    this.stateListeners.push(listener);
  }

  /**
   * Starts listening (once). Resolves when the LISTEN is established, or after a failed first
   * attempt (it then keeps reconnecting in the background).
   */
  start(): Promise<void> {
    this.started ??= this.listen();
    return this.started;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.setLive(false);
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopHeartbeat();
    const client = this.client;
    this.client = null;
    if (client !== null) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
    for (const unlisten of this.unlistenPglite.splice(0)) await unlisten().catch(() => undefined);
  }

  private dispatch(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.logger.warn({ err: error, channel }, 'notification handler failed');
      }
    }
  }

  private setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    for (const l of this.stateListeners) {
      try {
        if (live) l.connected?.();
        else l.disconnected?.();
      } catch (error) {
        this.logger.warn({ err: error }, 'listener state handler failed');
      }
    }
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const { pglite, pool } = this.database;
    if (pglite !== null) {
      for (const channel of this.handlers.keys()) {
        this.unlistenPglite.push(
          await pglite.listen(channel, (payload) => this.dispatch(channel, payload)),
        );
      }
      this.setLive(true);
      return;
    }
    // The pool's own connection settings (tests hand in a database without DATABASE_URL).
    const settings: pg.ClientConfig =
      pool !== null ? { ...pool.options } : { connectionString: this.databaseUrl ?? undefined };
    await this.connectPg({
      ...settings,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
    });
  }

  /** Connects the dedicated LISTEN client; on failure or drop, retries with backoff. */
  private async connectPg(settings: pg.ClientConfig): Promise<void> {
    const client = new pg.Client(settings);
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) {
        this.client = null;
        this.stopHeartbeat();
        this.setLive(false);
      }
      destroySocket(client);
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(
        { err: error },
        `database listener lost its connection; reconnecting in ${this.backoffMs} ms`,
      );
      this.scheduleReconnect(settings);
    };
    client.on('error', onDrop);
    client.on('end', () => onDrop());
    client.on('notification', (msg) => {
      if (msg.payload !== undefined) this.dispatch(msg.channel, msg.payload);
    });
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
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
    this.startHeartbeat(client, onDrop);
    this.setLive(true);
  }

  /** A query on the LISTEN connection every heartbeatMs; no answer in time = a dead link. */
  private startHeartbeat(client: pg.Client, onDrop: (error?: Error) => void): void {
    this.stopHeartbeat();
    let busy = false;
    this.heartbeatTimer = setInterval(() => {
      if (busy) return;
      busy = true;
      const timeout = setTimeout(() => {
        onDrop(new Error(`listener heartbeat: no answer within ${this.heartbeatTimeoutMs} ms`));
      }, this.heartbeatTimeoutMs);
      client.query('select 1').then(
        () => {
          clearTimeout(timeout);
          busy = false;
        },
        (error: unknown) => {
          clearTimeout(timeout);
          onDrop(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }, this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
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
