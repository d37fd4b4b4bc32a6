import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Message catalogs (issue #32). `en` is the source language: its catalog is the messages as
 * written in the code. `pseudo` is a generated pseudo-locale (accented, longer) used only by the
 * tests to find text that did not come from a catalog.
 *
 * Four catalogs, each a `.po` file per language for translators plus a compiled `.ts` beside it
 * that the code imports (`npm run i18n`, checked by `npm run i18n:check` in lint):
 * - `web-public`: what the pages before sign-in show; loaded with the sign-in page, so it stays
 *   small (the page's first load has a 100 KB gzip budget).
 * - `web-account`: the other pages before sign-in (sign-up, password reset, verification,
 *   unsubscribe, not found), loaded with them.
 * - `web-landing`: the landing page's texts, loaded with it.
 * - `web-app`: everything else the web app shows, loaded after sign-in.
 * - `server`: e-mails, push and in-app notification texts, CSV headers, the PDF report, written
 *   by the API in the reader's language.
 * Core's validation messages (`packages/core`) are message descriptors (`{ id, message }`, marked for extraction)
 * with the contract's English as their default. The web app shows them translated, so they are
 * extracted into the web catalogs (the public pages' ones into `web-public`, the rest into
 * `web-app`); the server sends their English (the API contract) and does not translate them.
 */
const web = (files: string[]) => files.map((file) => `<rootDir>/apps/web/src/${file}`);

/**
 * The sign-in page and what every page shows (the `web-public` catalog, always loaded: the
 * signed-in app uses the shared parts too). A file listed in a catalog here is left out of the
 * app catalog, so each message is translated once.
 */
const WEB_PUBLIC = web([
  'i18n',
  'components/PublicLayout.tsx',
  'components/ThemeToggle.tsx',
  'components/Logo.tsx',
  'components/Spinner.tsx',
  'components/OidcSignInButton.tsx',
  'components/MailStatusNotice.tsx',
  'components/PwaUpdatePrompt.tsx',
  'components/PageLoadBoundary.tsx',
  'components/toast',
  'components/forms/FieldError.tsx',
  'pages/LoginPage.tsx',
]);

/** Core's messages that the public pages show: the account forms' rules (in `web-public`). */
const CORE_PUBLIC = ['validation/auth-rules.ts', 'validation/email.ts'].map(
  (file) => `<rootDir>/packages/core/src/${file}`,
);

/** The other pages before sign-in (the `web-account` catalog, loaded with them). */
const WEB_ACCOUNT = web([
  'components/forms/EmailRequestForm.tsx',
  'components/OidcErrorAlert.tsx',
  'pages/RegisterPage.tsx',
  'pages/ForgotPasswordPage.tsx',
  'pages/ResetPasswordPage.tsx',
  'pages/VerifyEmailPage.tsx',
  'pages/ConfirmEmailPage.tsx',
  'pages/OidcSignInPage.tsx',
  'pages/UnsubscribePage.tsx',
  'pages/NotFoundPage.tsx',
]);

/** The landing page (the `web-landing` catalog, loaded with it only: it is long). */
const WEB_LANDING = web([
  'pages/LandingPage.tsx',
  'lib/landingContent.ts',
  'components/InstallGuide.tsx',
]);

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
      include: [...WEB_PUBLIC, ...CORE_PUBLIC],
    },
    {
      path: '<rootDir>/apps/web/src/locales/account/{locale}',
      include: WEB_ACCOUNT,
    },
    {
      path: '<rootDir>/apps/web/src/locales/landing/{locale}',
      include: WEB_LANDING,
    },
    {
      path: '<rootDir>/apps/web/src/locales/app/{locale}',
      include: ['<rootDir>/apps/web/src', '<rootDir>/packages/core/src'],
      exclude: [
        '**/*.test.*',
        '<rootDir>/apps/web/src/locales/**',
        // A folder is left out by a pattern, a file by its path.
        ...[...WEB_PUBLIC, ...CORE_PUBLIC, ...WEB_ACCOUNT, ...WEB_LANDING].map((p) =>
          /\.tsx?$/.test(p) ? p : `${p}/**`,
        ),
      ],
    },
    {
      path: '<rootDir>/apps/api/src/locales/{locale}',
      include: ['<rootDir>/apps/api/src'],
      exclude: ['**/*.test.*', '<rootDir>/apps/api/src/locales/**'],
    },
  ],
};

export default config;
