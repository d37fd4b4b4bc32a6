// Outgoing e-mail. With SMTP_URL, real SMTP through nodemailer. Without it, each message is
// written to DATA_DIR/outbox/ as an .eml file, beside it a plain .txt copy whose link can be
// copied as is (the .eml is quoted-printable: `=3D`, lines broken at 76 characters), and its
// link is logged, so a default install works with no mail server. An SMTP failure is thrown as
// an SmtpFailure (smtp-failure.ts): the mail job fails its attempt and the job queue retries it.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { smtpFailure, smtpUrlSecrets } from './smtp-failure.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one action link of the message, logged in outbox mode. */
  link: string;
  /** Extra header lines, e.g. List-Unsubscribe (RFC 8058) on notification mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends one message; an SMTP failure is thrown as an SmtpFailure (smtp-failure.ts). */
  send(message: MailMessage): Promise<void>;
  /**
   * Reaches the mail server as a send would (connect, greeting, login) and sends nothing;
   * throws what a send would have thrown then. A job with nothing to mail (no such account)
   * calls it, so that its outcome, and the mail status shown to the person who asked, is the
   * same as for a real mail while the server is away (routes/auth: mail tickets).
   */
  check(): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl !== null) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    const secrets = smtpUrlSecrets(options.smtpUrl);
    return {
      async send(message) {
        try {
          await transport.sendMail({
            from: options.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            ...(message.headers === undefined ? {} : { headers: message.headers }),
          });
        } catch (error) {
          throw smtpFailure(error, secrets);
        }
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      async check() {
        try {
          await transport.verify();
        } catch (error) {
          throw smtpFailure(error, secrets);
        }
      },
      close() {
        transport.close();
      },
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers === undefined ? {} : { headers: message.headers }),
      });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const base = `${stamp}-${randomBytes(4).toString('hex')}`;
      // The .txt first: whoever sees an .eml finds its readable copy already there.
      const textFile = await writeWhole(options.outboxDir, `${base}.txt`, readableCopy(message));
      const file = await writeWhole(options.outboxDir, `${base}.eml`, info.message as Buffer);
      options.logger.info(
        { to: message.to, subject: message.subject, file, textFile, link: message.link },
        mailLogLine(message),
      );
    },
    // Writing to the outbox needs no server.
    async check() {},
    close() {
      transport.close();
    },
  };
}

/** The log line of an outbox mail: the link whole, on the line's end, to copy or click. */
export function mailLogLine(message: MailMessage): string {
  return `✉ Mail to ${message.to}: "${message.subject}" → ${message.link}`;
}

/** The outbox's .txt copy: headers, the link alone on its line, then the plain-text body. */
export function readableCopy(message: MailMessage): string {
  return [
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    '',
    'Link:',
    message.link,
    '',
    message.text.trimEnd(),
    '',
  ].join('\n');
}

/** Mails are written while readers may be watching the folder: each file is always whole. */
async function writeWhole(dir: string, name: string, content: string | Buffer): Promise<string> {
  const file = path.join(dir, name);
  const partial = path.join(dir, `.${name}.tmp`);
  await writeFile(partial, content, { mode: 0o600 });
  await rename(partial, file);
  return file;
}
