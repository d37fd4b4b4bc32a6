// Outbox mode: every mail is an .eml (quoted-printable, as sent) plus a .txt whose link is the
// exact link of the message, on its own line, and one log line with the link whole.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';
import { translatorFor } from '../i18n/index.js';
import { verificationEmail } from './templates.js';

let dir: string | null = null;
afterEach(async () => {
  if (dir !== null) await rm(dir, { recursive: true, force: true });
  dir = null;
});

/** A link long enough to be folded at 76 characters and with `=` that QP writes as `=3D`. */
const LINK =
  'https://evenly.example.com/verify-email?token=AbC-_9xYz0123456789abcdefghijklmnopqrstuvwxyzABCDEFG&next=%2Fgroups%3Fa%3D1';

describe('outbox mailer', () => {
  it('writes beside each .eml a .txt holding the exact link on its own line, and logs it whole', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-outbox-'));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink) as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: null, from: 'Evenly <x@y>', outboxDir: dir, logger });
    await mailer.send(verificationEmail(translatorFor('en'), 'ana@example.com', 'Ana', LINK));
    mailer.close();

    const names = (await readdir(dir)).sort();
    expect(names).toHaveLength(2);
    const [eml, txt] = names;
    expect(eml).toMatch(/\.eml$/);
    expect(txt).toBe(eml?.replace(/\.eml$/, '.txt'));

    // The .eml alone would give a broken link when copied.
    const raw = await readFile(path.join(dir, eml ?? ''), 'utf8');
    expect(raw).toContain('=3D');
    expect(raw).not.toContain(LINK);

    const text = await readFile(path.join(dir, txt ?? ''), 'utf8');
    const textLines = text.split('\n');
    expect(textLines.slice(0, 5)).toEqual([
      'To: ana@example.com',
      'Subject: Verify your e-mail address for Evenly',
      '',
      'Link:',
      LINK,
    ]);
    expect(text).toContain(`Verify your e-mail: ${LINK}\n`);
    expect(text).not.toMatch(/=3D|=\n/);

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(entry).toMatchObject({
      to: 'ana@example.com',
      link: LINK,
      file: path.join(dir, eml ?? ''),
      textFile: path.join(dir, txt ?? ''),
      msg: `✉ Mail to ana@example.com: "Verify your e-mail address for Evenly" → ${LINK}`,
    });
  });
});
