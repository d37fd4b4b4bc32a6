// Outgoing e-mail. With SMTP_URL, real SMTP through nodemailer. Without it, each message is
// written to DATA_DIR/outbox/ as an .eml file and its link is logged, so a default install
// works with no mail server.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one action link of the message, logged in outbox mode. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
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
      });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      // Mails are written while readers may be watching the folder: a .eml file is always whole.
      const partial = path.join(options.outboxDir, `.${name}.tmp`);
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, file);
      options.logger.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        `mail written to outbox: ${message.subject} → ${message.link}`,
      );
    },
    close() {
      transport.close();
    },
  };
}
