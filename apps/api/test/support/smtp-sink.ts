// A real SMTP server in the test process (smtp-server), collecting every message it receives,
// which can also refuse messages with any answer; and a gate in front of it that makes the mail
// server unreachable (connection refused) or silent (no greeting) at will.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Waits until a mail to `address` arrives (or throws after `timeoutMs`). */
  waitFor(
    address: string,
    predicate?: (m: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  /** Forgets the mails and the failure counts. */
  clear(): void;
  /** Accepts connections but stalls them (no greeting) until {@link release}. */
  hold(): void;
  release(): void;
  /** Connections waiting for their greeting while held. */
  readonly stalled: number;
  /** Rejects the next `count` messages with a temporary error (451). */
  failNext(count: number): void;
  /**
   * Answers the next `count` messages with `code` and `text` at `stage`: the RCPT TO of their
   * recipient, or the end of their DATA (e.g. 550 `5.1.1 <x@y>: Recipient address rejected`).
   */
  refuseNext(count: number, stage: 'rcpt' | 'data', code: number, text: string): void;
  /** Messages rejected by {@link failNext} so far. */
  readonly rejected: number;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let held: (() => void)[] | null = null;
  let refusal: { count: number; stage: 'rcpt' | 'data'; code: number; text: string } | null = null;
  let rejected = 0;
  /** The refusal for this stage, counted as used. */
  const refuse = (stage: 'rcpt' | 'data'): Error | null => {
    if (refusal === null || refusal.stage !== stage || refusal.count <= 0) return null;
    refusal.count--;
    rejected++;
    return Object.assign(new Error(refusal.text), { responseCode: refusal.code });
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (held === null) callback();
      else held.push(() => callback());
    },
    onRcptTo(_address, _session, callback) {
      const error = refuse('rcpt');
      if (error === null) callback();
      else callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const error = refuse('data');
        if (error !== null) {
          callback(error);
          return;
        }
        mails.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    // The deadline only turns a mail that never comes into a failure.
    async waitFor(address, predicate = () => true, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(address) && predicate(m));
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    clear() {
      mails.length = 0;
      refusal = null;
      rejected = 0;
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const greet of waiting) greet();
    },
    get stalled() {
      return held?.length ?? 0;
    },
    failNext(count) {
      refusal = { count, stage: 'data', code: 451, text: 'Try again later' };
    },
    refuseNext(count, stage, code, text) {
      refusal = { count, stage, code, text };
    },
    get rejected() {
      return rejected;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SmtpGate {
  /** SMTP URL of the gate; short timeouts so that a silent server fails an attempt quickly. */
  url: string;
  /** Where open connections go (the sink's URL); set before the first mail. */
  target: string;
  /** `open`: passes connections through; `refused`: nothing listens (ECONNREFUSED); `silent`: accepts, never answers. */
  set(mode: 'open' | 'refused' | 'silent'): Promise<void>;
  close(): Promise<void>;
}

/** A TCP gate in front of an SMTP server, on a fixed port that can stop listening. */
export async function startSmtpGate(): Promise<SmtpGate> {
  let mode: 'open' | 'refused' | 'silent' = 'open';
  const sockets = new Set<net.Socket>();
  const gate = {
    target: '',
  };
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'silent') return;
    const target = new URL(gate.target);
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.on('error', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return Object.assign(gate, {
    url: `smtp://127.0.0.1:${port}/?connectionTimeout=2000&greetingTimeout=500&socketTimeout=2000`,
    async set(next: 'open' | 'refused' | 'silent') {
      if (next === mode) return;
      if (mode === 'refused') await listen(port);
      mode = next;
      if (next === 'refused') await stop();
      else for (const s of sockets) s.destroy();
    },
    async close() {
      if (mode !== 'refused') await stop();
    },
  });
}

/** Decodes quoted-printable soft breaks and finds the first link to `path` in a raw message. */
export function linkFromMail(raw: string, path: string): string {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[A-Za-z0-9_%-]+`).exec(decoded);
  if (match === null) throw new Error(`no ${path} link in mail`);
  return match[0];
}

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (token === null) throw new Error('link has no token');
  return token;
}
