// Every server message (e-mails, push, CSV headers, the PDF report) has a translation in every
// language (issue #32): each compiled catalog holds every id of the English one, and none of them
// is still the English text, except where the word is the same in that language.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@evenly/core';
import type { AppLocale } from '@evenly/core';
import { CATALOGS } from './catalogs.js';
import { formatMoney } from './format.js';
import { recipientLocale, requestLocale, translatorFor } from './translator.js';

/** Messages that are only placeholders and punctuation, the same in many languages. */
const SAME_EVERYWHERE = new Set(['report.range', 'note.sentence', 'note.quoted', 'note.inGroup']);

/** Words that are spelled as in English in that language (checked by a speaker, not a miss). */
const SAME_WORD: Partial<Record<AppLocale, readonly string[]>> = {
  de: ['report.colPerson', 'category.taxi'],
  fr: [
    'csv.date',
    'report.colDate',
    'csv.description',
    'report.colDescription',
    'report.page',
    'category.taxi',
  ],
  es: ['category.general', 'category.taxi'],
  it: ['category.taxi'],
  'pt-BR': ['category.pets'],
  nl: ['category.games', 'category.taxi'],
  tr: ['report.colNet'],
};

describe('server catalogs', () => {
  const english = CATALOGS.en;
  const ids = Object.keys(english);

  it('have messages to check', () => {
    expect(ids.length).toBeGreaterThan(100);
  });

  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} translates every message`, () => {
      const catalog = CATALOGS[locale];
      const missing = ids.filter((id) => catalog[id] === undefined);
      expect(missing).toEqual([]);
      const allowed = new Set([...SAME_EVERYWHERE, ...(SAME_WORD[locale] ?? [])]);
      const untranslated = ids.filter(
        (id) => !allowed.has(id) && JSON.stringify(catalog[id]) === JSON.stringify(english[id]),
      );
      expect(untranslated).toEqual([]);
    });
  }
});

/**
 * Every `/*i18n*\/ { id }` descriptor in the server catalog's source (lingui.config.ts: the API's
 * source only; core's validation messages go to the web catalogs, the server sends their English).
 */
function sourceMessages(): Map<string, string> {
  const apiSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const messages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'locales') walk(file);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const descriptor = /\/\*i18n\*\/\s*\{\s*id:\s*'([^']+)',\s*message:\s*'((?:[^'\\]|\\.)*)'/g;
        for (const m of readFileSync(file, 'utf8').matchAll(descriptor)) {
          if (m[1] !== undefined && m[2] !== undefined) {
            messages.set(m[1], m[2].replace(/\\(.)/g, '$1'));
          }
        }
      }
    }
  };
  walk(apiSrc);
  return messages;
}

describe('the compiled catalogs are fresh', () => {
  const source = sourceMessages();

  it('hold exactly the ids written in the source (else run `npm run i18n`)', () => {
    expect(Object.keys(CATALOGS.en).sort()).toEqual([...source.keys()].sort());
  });

  // With explicit ids, `lingui extract` keeps an English msgstr once written: an edited source
  // message needs its en.po entry removed (then `npm run i18n`), or English stays the old text.
  it('say in English what the source says', () => {
    const stale = [...source].filter(
      ([id, message]) =>
        JSON.stringify(CATALOGS.en[id]) !== JSON.stringify(compileMessage(message)),
    );
    expect(stale.map(([id]) => id)).toEqual([]);
  });
});

describe('translators', () => {
  it('choose the stored language, else Accept-Language, else English', () => {
    expect(recipientLocale('de', 'fr')).toBe('de');
    expect(recipientLocale(null, 'pt-PT,pt;q=0.9')).toBe('pt-BR');
    expect(recipientLocale('xx', 'ja-JP')).toBe('ja');
    expect(recipientLocale(null, undefined)).toBe('en');
    expect(recipientLocale(undefined, 'sw')).toBe('en');
    expect(requestLocale(undefined)).toBeUndefined();
    expect(requestLocale('*')).toBeUndefined();
    expect(requestLocale('zh-Hans-CN')).toBe('zh-CN');
  });

  it('fill placeholders and plurals in the language', () => {
    const digest = { id: 'mail.digest.subject', message: '' };
    expect(translatorFor('en').t(digest, { count: 1 })).toBe('Your Evenly day: 1 update');
    expect(translatorFor('de').t(digest, { count: 3 })).toBe('Dein Tag bei Evenly: 3 Neuigkeiten');
    expect(translatorFor('ar').t(digest, { count: 2 })).toBe('يومك في Evenly: تحديثان');
    expect(translatorFor('pl').t(digest, { count: 5 })).toBe('Twój dzień w Evenly: 5 nowości');
    expect(translatorFor('ar').dir).toBe('rtl');
    expect(translatorFor('ja').dir).toBe('ltr');
  });

  it('format money in the reader locale with the currency digits', () => {
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatMoney('de', 123450, 'EUR'))).toBe('1.234,50 €');
    expect(formatMoney('en', 1000, 'JPY')).toBe('¥1,000');
    expect(plain(formatMoney('fr', -500, 'USD'))).toBe('-5,00 $US');
  });
});
