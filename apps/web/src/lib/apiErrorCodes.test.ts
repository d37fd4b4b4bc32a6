// Issue #32 point 5: every error `code` the API can answer the web app with has the app's own
// words, so a person reading another language never meets the API's English sentence. The codes
// are read from the API's source, where each is a literal (docs/api.md §1.6).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { messages as germanApp } from '../locales/app/de';
import { messages as germanPublic } from '../locales/public/de';
import { codeMessage } from './appErrors';

const API_SRC = fileURLToPath(new URL('../../../api/src', import.meta.url));
/** Command-line tools and start-up configuration: their errors never reach the web app. */
const NOT_HTTP = new Set(['backup', 'config', 'bench', 'locales']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return NOT_HTTP.has(name) ? [] : sourceFiles(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

/** Where a code is written: an error class's `code`, a union of codes, a status's default. */
const CODE_SITES = [
  /readonly code(?::\s*[^=;]+)?(?: = '[A-Z_]+')?[,;]/g,
  /type \w*Code =[^;]+;/g,
  /sendError\([^,]+, \d+, '[A-Z_]+'/g,
  /\bcode: '[A-Z_]+'(?: \| '[A-Z_]+')*/g,
  /\n\s+\d{3}: '[A-Z_]+',/g,
];

function apiErrorCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceFiles(API_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const site of CODE_SITES) {
      for (const match of text.matchAll(site)) {
        for (const code of match[0].matchAll(/'([A-Z][A-Z_]+)'/g)) codes.add(code[1] ?? '');
      }
    }
  }
  return codes;
}

describe("the API's error codes in the app's words", () => {
  const codes = apiErrorCodes();

  it('finds the codes of the contract', () => {
    // A few of each kind, so a scan that stopped matching fails here rather than passing empty.
    for (const code of ['VALIDATION_FAILED', 'EDIT_CONFLICT', 'LAST_ADMIN', 'CONFLICT', 'BUSY']) {
      expect(codes).toContain(code);
    }
    expect(codes.size).toBeGreaterThan(50);
  });

  it('has a translated text for every one', () => {
    const german = { ...germanPublic, ...germanApp };
    const de = setupI18n({ locale: 'de', messages: { de: german } });
    const missing = [...codes].filter((code) => codeMessage(code) === undefined);
    expect(missing).toEqual([]);
    for (const code of codes) {
      const descriptor = codeMessage(code);
      if (descriptor === undefined) continue;
      expect(german[descriptor.id ?? ''], code).toBeDefined();
      expect(de._(descriptor), code).not.toBe('');
    }
  });
});
