// A real SMTP server in the test process (smtp-server), collecting every message it receives.
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
  /** Messages rejected by {@link failNext} so far. */
  readonly rejected: number;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let held: (() => void)[] | null = null;
  let failures = 0;
  let rejected = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (held === null) callback();
      else held.push(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          rejected++;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
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
      failures = 0;
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
      failures = count;
    },
    get rejected() {
      return rejected;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
