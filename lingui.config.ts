import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Message catalogs (issue #32). `en` is the source language: its catalog is the messages as
 * written in the code. `pseudo` is a generated pseudo-locale (accented, longer) used only by the
 * tests to find text that did not come from a catalog.
 *
 * Three catalogs, each a `.po` file per language for translators plus a compiled `.ts` beside it
 * that the code imports (`npm run i18n`, checked in CI):
 * - `web-public`: what the pages before sign-in show; loaded with the sign-in page, so it stays
 *   small (the page's first load has a 100 KB gzip budget).
 * - `web-app`: everything else the web app shows, loaded after sign-in.
 * - `server`: e-mails, push and in-app notification texts, CSV headers, the PDF report, written
 *   by the API in the reader's language.
 * Core's validation messages (`packages/core`) are descriptors with the contract's English as
 * their default; they are extracted into the catalogs of both sides that show them.
 */
const config: LinguiConfig = {
  sourceLocale: 'en',
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  locales: ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'tr', 'ja', 'zh-CN', 'ar', 'pseudo'],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  catalogs: [
    {
      path: '<rootDir>/apps/web/src/locales/public/{locale}',
      include: ['<rootDir>/apps/web/src/i18n/public', '<rootDir>/apps/web/src/pages/public'],
    },
    {
      path: '<rootDir>/apps/web/src/locales/app/{locale}',
      include: ['<rootDir>/apps/web/src', '<rootDir>/packages/core/src'],
      exclude: ['**/*.test.*', '<rootDir>/apps/web/src/locales/**'],
    },
    {
      path: '<rootDir>/apps/api/src/locales/{locale}',
      include: ['<rootDir>/apps/api/src', '<rootDir>/packages/core/src'],
      exclude: ['**/*.test.*', '<rootDir>/apps/api/src/locales/**'],
    },
  ],
};

export default config;
