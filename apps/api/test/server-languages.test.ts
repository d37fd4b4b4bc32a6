// Issue #32: what the server writes for a person is in that person's language, through the real
// HTTP stack and a real SMTP server: the verification e-mail of a sign-up in German or Arabic
// (the language from the request body or from Accept-Language, stored as users.locale), the
// reset e-mail, a notification e-mail and its push text, the digest, the CSV export's headers
// (Splitwise's English on request) and the trip report.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { categoryLabel } from '@evenly/core';
import { queryRows } from '../src/db/database.js';
import { categoryName, translatorFor } from '../src/i18n/index.js';
import type { NotificationChannel } from '../src/modules/notifications/channels.js';
import type { Note } from '../src/modules/notifications/notes.js';
import type { ReceivedMail } from './support/smtp-sink.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import { caller } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` or `?B?`) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

function headerOf(block: string, name: string): string {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? '' : line.slice(name.length + 1).trim();
}

/** A received mail read: its subject and its text and HTML parts, transfer encodings undone. */
function readMail(m: ReceivedMail): { subject: string; text: string; html: string } {
  const [head = ''] = m.raw.split(/\r?\n\r?\n/);
  const parts = { text: '', html: '' };
  for (const part of m.raw.split(/\r?\n--[^\r\n]+\r?\n/).slice(1)) {
    const cut = part.search(/\r?\n\r?\n/);
    if (cut < 0) continue;
    const partHead = part.slice(0, cut);
    const body = part.slice(cut).trim();
    const type = headerOf(partHead, 'Content-Type');
    const encoding = headerOf(partHead, 'Content-Transfer-Encoding').toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              'latin1',
            ).toString('utf8')
          : body;
    if (type.startsWith('text/plain')) parts.text = decoded;
    if (type.startsWith('text/html')) parts.html = decoded;
  }
  return { subject: decodeWords(headerOf(head, 'Subject')), ...parts };
}

async function register(
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<void> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: { password: 'secret123', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function storedLocale(email: string): Promise<string | null> {
  const [row] = await queryRows<{ locale: string | null }>(
    ctx.database.handle.db,
    sql`select locale from users where email = ${email}`,
  );
  return row?.locale ?? null;
}

async function setLocale(user: TestUser, locale: string, timeZone?: string): Promise<void> {
  const res = await caller(ctx, user)('PATCH', '/api/auth/me', { locale, timeZone });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the verification e-mail of a sign-up', () => {
  it('is German when the body says de, and the language is stored', async () => {
    await register({ name: 'Jonas', email: 'jonas@example.com', locale: 'de' });
    const mail = readMail(await ctx.smtp.waitFor('jonas@example.com'));
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Evenly');
    expect(mail.text).toContain('Hallo Jonas, bitte bestätige deine E-Mail-Adresse');
    expect(mail.text).toContain('E-Mail-Adresse bestätigen: http://evenly.test/verify-email?');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(await storedLocale('jonas@example.com')).toBe('de');
  });

  it('is Arabic, right to left, when the body says ar', async () => {
    await register({ name: 'Layla <b>', email: 'layla@example.com', locale: 'ar' });
    const mail = readMail(await ctx.smtp.waitFor('layla@example.com'));
    expect(mail.subject).toBe('أكّد عنوان بريدك الإلكتروني في Evenly');
    expect(mail.text).toContain('مرحبًا Layla <b>، يُرجى تأكيد عنوان بريدك الإلكتروني');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    // The person's name is text, never markup.
    expect(mail.html).toContain('Layla &#60;b&#62;');
    expect(mail.html).not.toContain('Layla <b>');
  });

  it('follows Accept-Language when the body names no language, and stores it', async () => {
    await register(
      { name: 'Karim', email: 'karim@example.com' },
      { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' },
    );
    await register(
      { name: 'Lena', email: 'lena@example.com' },
      { 'accept-language': 'de-AT, en;q=0.3' },
    );
    const karim = readMail(await ctx.smtp.waitFor('karim@example.com'));
    const lena = readMail(await ctx.smtp.waitFor('lena@example.com'));
    expect(karim.subject).toBe('أكّد عنوان بريدك الإلكتروني في Evenly');
    expect(lena.subject).toBe('Bestätige deine E-Mail-Adresse für Evenly');
    expect(await storedLocale('karim@example.com')).toBe('ar');
    expect(await storedLocale('lena@example.com')).toBe('de');
  });

  it('stays English with no language at all, and refuses one we do not speak', async () => {
    await register({ name: 'Ann', email: 'ann@example.com' });
    const mail = readMail(await ctx.smtp.waitFor('ann@example.com'));
    expect(mail.subject).toBe('Verify your e-mail address for Evenly');
    expect(await storedLocale('ann@example.com')).toBeNull();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'X', email: 'x@example.com', password: 'secret123', locale: 'xx' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('the reset e-mail uses the account language', async () => {
    await register({ name: 'Jonas', email: 'jonas@example.com', locale: 'de' });
    await ctx.smtp.waitFor('jonas@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'accept-language': 'fr' },
      payload: { email: 'jonas@example.com' },
    });
    expect(res.statusCode).toBe(200);
    await ctx.drainJobs();
    const resets = ctx.smtp.mails.filter((m) => m.raw.includes('reset-password'));
    expect(resets).toHaveLength(1);
    expect(readMail(resets[0] as ReceivedMail).subject).toBe('Setze dein Evenly-Passwort zurück');
  });
});

describe('notifications, export and report', () => {
  let ann: TestUser;
  let bea: TestUser;
  let groupId: number;

  beforeEach(async () => {
    [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
    await setLocale(bea, 'de', 'Europe/Berlin');
    groupId = await createGroup(ctx.database.handle.db, ann, 'Berlin', [bea]);
  });

  async function addDinner(): Promise<void> {
    const res = await caller(ctx, ann)('POST', '/api/expenses', {
      description: 'Dinner',
      amount: 30,
      groupId,
      splitType: 'EQUAL',
      payers: [{ userId: ann.id, amountPaid: 30 }],
      splits: [{ userId: ann.id }, { userId: bea.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('mails and pushes an expense to a German reader in German', async () => {
    const settings = await caller(ctx, bea)('PUT', '/api/notification-settings', [
      { kind: 'EXPENSE', email: 'IMMEDIATE', push: true },
    ]);
    expect(settings.statusCode, settings.body).toBe(200);
    const pushed: Note[] = [];
    // What the push channel sends: each delivery's title and body (channels.ts, PushChannel).
    const recorder: NotificationChannel = {
      name: 'recorder',
      async deliver(_tx, deliveries) {
        pushed.push(...deliveries.filter((d) => d.setting.push).map((d) => d.note));
      },
      registerJobs() {},
    };
    const remove = ctx.app.services.notifications.addChannel(recorder);
    try {
      await addDinner();
      await ctx.app.services.notifications.requestFollow();
      await ctx.drainJobs();
    } finally {
      remove();
    }
    const toBea = pushed.filter((n) => n.userId === bea.id);
    expect(toBea).toHaveLength(1);
    expect(toBea[0]?.title).toBe('Ann hat „Dinner“ hinzugefügt');
    expect(toBea[0]?.body.replace(/\u00a0/g, ' ')).toBe('30,00 $ in Berlin. Dein Anteil: 15,00 $.');
    const mails = ctx.smtp.mails.filter((m) => m.to.includes(bea.email));
    expect(mails).toHaveLength(1);
    const mail = readMail(mails[0] as ReceivedMail);
    expect(mail.subject).toBe('Ann hat „Dinner“ hinzugefügt');
    expect(mail.text).toContain('In Evenly öffnen: http://evenly.test/app/group/');
    expect(mail.text).toContain('E-Mails zu „Ausgaben, die mich betreffen“ abbestellen: http');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    // When it happened: Bea's wall clock (Berlin), written the German way.
    const [row] = await queryRows<{ created_at: Date | string }>(
      ctx.database.handle.db,
      sql`select created_at from activities where recipient_id = ${bea.id}`,
    );
    const at = new Date(row?.created_at ?? NaN);
    const written = (timeZone: string) =>
      new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short', timeZone })
        .format(at)
        .replace(/[\u00a0\u202f]/g, ' ');
    expect(mail.text).toContain(written('Europe/Berlin'));
    expect(mail.text).not.toContain(written('UTC'));
  });

  it('sends the digest in the reader language', async () => {
    const settings = await caller(ctx, bea)('PUT', '/api/notification-settings', [
      { kind: 'EXPENSE', email: 'DIGEST', push: false },
    ]);
    expect(settings.statusCode, settings.body).toBe(200);
    await addDinner();
    await ctx.app.services.notifications.requestFollow();
    await ctx.drainJobs();
    // 09:00 UTC: past 08:00 for Bea, who has no time zone (UTC).
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(9, 0, 0, 0);
    expect(await ctx.app.services.notifications.digestRun(tomorrow)).toBe(1);
    await ctx.drainJobs();
    const mails = ctx.smtp.mails.filter((m) => m.to.includes(bea.email));
    expect(mails).toHaveLength(1);
    const mail = readMail(mails[0] as ReceivedMail);
    expect(mail.subject).toBe('Dein Tag bei Evenly: 1 Neuigkeit');
    expect(mail.text).toContain('Hallo Bea, das ist seit der letzten Zusammenfassung passiert.');
    expect(mail.text).toContain('Ann hat „Dinner“ hinzugefügt');
  });

  it('writes the CSV headers in the reader language, or Splitwise English on request', async () => {
    await addDinner();
    const get = (query: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/groups/${String(groupId)}/export.csv${query}`,
        headers: { ...bea.auth, ...headers },
      });
    const german = await get('');
    expect(german.statusCode).toBe(200);
    expect(german.body.split('\r\n')[0]).toBe(
      'Datum,Beschreibung,Kategorie,Betrag,Währung,Ursprünglicher Betrag,Ursprüngliche Währung,Ann,Bea',
    );
    expect(german.body).toContain(',Gesamtsaldo, , ,USD,');
    const splitwise = await get('?headers=splitwise');
    expect(splitwise.body.split('\r\n')[0]).toBe(
      'Date,Description,Category,Cost,Currency,Original cost,Original currency,Ann,Bea',
    );
    expect(splitwise.body).toContain(',Total balance, , ,USD,');
    // Ann has no language stored: her browser's.
    const annFrench = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${String(groupId)}/export.csv`,
      headers: { ...ann.auth, 'accept-language': 'fr-FR' },
    });
    expect(annFrench.body.split('\r\n')[0]).toMatch(/^Date,Description,Catégorie,Montant,/);
    // Both files import back, the German one read as the English one (auto-detected too).
    const preview = (csv: string, url = '/api/imports/splitwise/preview') =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...bea.auth, 'content-type': 'multipart/form-data; boundary=X' },
        payload:
          '--X\r\nContent-Disposition: form-data; name="file"; filename="g.csv"\r\n' +
          `Content-Type: text/csv\r\n\r\n${csv}\r\n--X--\r\n`,
      });
    const fromEnglish = await preview(splitwise.body);
    expect(fromEnglish.statusCode, fromEnglish.body).toBe(200);
    const fromGerman = await preview(german.body);
    expect(fromGerman.statusCode, fromGerman.body).toBe(200);
    expect(fromGerman.json()).toEqual(fromEnglish.json());
    const detected = await preview(german.body, '/api/imports/preview');
    expect(detected.statusCode, detected.body).toBe(200);
    expect(detected.json()).toMatchObject({ format: 'splitwise' });
  });

  it('prints the trip report in the reader stored language', async () => {
    await addDinner();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${String(groupId)}/report.pdf`,
      headers: bea.auth,
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Reisebericht');
    expect(text).toContain('Ausgaben und Zahlungen');
    expect(text).toContain('Gleichmäßig aufgeteilt');
    // Category names too (the English label is what the API's `label` fields say).
    const [row] = await queryRows<{ category: string }>(
      ctx.database.handle.db,
      sql`select category from expenses where group_id = ${groupId}`,
    );
    const name = categoryName(translatorFor('de'), row?.category);
    expect(name).not.toBe(categoryLabel(row?.category));
    expect(text).toContain(name);
  });
});

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const out: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items) if ('str' in item) out.push(item.str);
  }
  return out.join(' ');
}

describe('the OpenAPI document', () => {
  it('names the register locale and the CSV headers option, with examples', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const register = JSON.stringify(doc.paths['/api/auth/register']?.post);
    expect(register).toMatch(/"locale":\{[^}]*"example":"de"/);
    const csv = JSON.stringify(doc.paths['/api/groups/{id}/export.csv']?.get);
    expect(csv).toContain('"name":"headers"');
    expect(csv).toContain('"example":"splitwise"');
  });
});
