// EventHub: fans change notifications out to the signed-in users' event streams (§4.10). The
// notifications arrive through this process's DatabaseListener (one LISTEN per process). There is
// no replay: clients refetch on (re)connect.
import {
  MESSAGE_BAD_TOKEN,
  MESSAGE_NO_TOKEN,
  UnauthenticatedError,
} from '../../errors/app-errors.js';
import type { AuthUser } from '../../plugins/authentication.js';
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

export class EventHub {
  private readonly sinks = new Map<number, Set<StreamSink>>();
  private readonly tickets: TicketSigner;

  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {
    this.tickets = new TicketSigner(deps.signingSecret);
    deps.listener.on(CHANGES_CHANNEL, (payload) => this.dispatch(payload));
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

  /** Resolves once this process listens for notifications (or its first attempt failed). */
  ready(): Promise<void> {
    return this.deps.listener.start();
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

  close(): void {
    this.endStreams();
  }
}
