// Languages on the public pages (issue #32): the browser's language chosen on the first visit,
// right to left for Arabic, the language switcher (kept on the device, saved with the account and
// adopted on another device), and the pseudo-locale tour that finds text not from a catalog.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createUser, openAs, startAppServer } from './support/app';
import { launchBrowser, PHONE_VIEWPORT, SINGLE_COLUMN_VIEWPORT } from './support/browser';
import { audit } from './support/a11y-audit';
import { untranslatedTexts, usePseudoLocale } from './support/i18nTour';
import { waitForMailMatch } from './support/outbox';
import type { RunningServer } from './support/server';
import { startServer } from './support/server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(
  path: string,
  options: { locale?: string; pseudo?: boolean; phone?: boolean; axe?: boolean } = {},
) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: options.phone ? PHONE_VIEWPORT : SINGLE_COLUMN_VIEWPORT,
    locale: options.locale ?? 'en-US',
    // axe is injected as an inline script, which the server's Content-Security-Policy refuses.
    bypassCSP: options.axe ?? false,
  });
  if (options.pseudo) await usePseudoLocale(context);
  const page = await context.newPage();
  await page.goto(server.baseUrl + path);
  return { context, page };
}

function documentLanguage(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

describe('the language of the public pages', () => {
  it('follows a German browser on the landing and sign-in pages', async () => {
    const { page } = await open('/', { locale: 'de-DE' });
    await page.getByRole('heading', { level: 1, name: 'Kosten teilen. Quitt bleiben.' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'de', dir: 'ltr' });
    await page.getByRole('region', { name: 'Was es kann' }).waitFor();
    await page.getByRole('link', { name: 'Anmelden' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Willkommen zurück' }).waitFor();
    await page.getByLabel('Passwort').waitFor();
    // Core's field problems in German too.
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Bitte gib deine E-Mail-Adresse und dein Passwort ein.').first().waitFor();
    expect(await page.title()).toBe('Anmelden · Evenly');
  });

  it('writes Arabic right to left, the layout mirrored', async () => {
    const { page } = await open('/login', { locale: 'ar' });
    await page.getByRole('heading', { level: 1, name: 'مرحبًا بعودتك' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // "Forgot password?" sits at the end of the line: on the left in Arabic.
    const card = await page.locator('main').boundingBox();
    const forgot = await page.getByRole('link', { name: 'هل نسيت كلمة المرور؟' }).boundingBox();
    expect(card && forgot && forgot.x + forgot.width / 2 < card.x + card.width / 2).toBe(true);
  });

  it('changes with the switcher and keeps the choice after a reload', async () => {
    const { page } = await open('/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('heading', { level: 1, name: 'Bon retour parmi nous' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Bon retour parmi nous' }).waitFor();
    // The switcher names each language in itself, and now says "Langue".
    expect(await page.getByLabel('Langue').inputValue()).toBe('fr');
    expect(await page.getByRole('option', { name: 'العربية' }).count()).toBe(1);
  });

  it('saves a signed-in choice with the account and adopts it on another device', async () => {
    const user = await createUser(server, 'Lena Linguist');
    const first = await openAs(browser, server, user, '/app/account', { locale: 'en-US' });
    const setting = first.page.getByRole('region', { name: 'Language' });
    await setting.getByRole('combobox').selectOption('nl');
    await expect.poll(() => documentLanguage(first.page)).toEqual({ lang: 'nl', dir: 'ltr' });
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ locale: string | null }>(server, 'GET', '/auth/me', {
              token: user.token,
            })
          ).locale,
      )
      .toBe('nl');

    // Another device, never used before: English until the person signs in.
    const { page } = await open('/login', { locale: 'en-US' });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'nl', dir: 'ltr' });
    await page.reload();
    await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'nl', dir: 'ltr' });
  });
});

describe('signing up in another language', () => {
  // A server that asks new accounts to verify their address (the shared one verifies at once and
  // sends no mail).
  let verifying: RunningServer;
  beforeAll(async () => {
    verifying = await startServer({
      requireEmailVerification: true,
      env: { TRUST_PROXY: 'true' },
      timeoutMs: 180_000,
    });
  });
  afterAll(async () => {
    await verifying?.stop();
  });

  async function openRegister(locale: string) {
    const context = await browser.newContext({ serviceWorkers: 'block', locale });
    const page = await context.newPage();
    await page.goto(verifying.baseUrl + '/register');
    return page;
  }

  /** Fills the sign-up form by its fields' names (their labels are in the page's language). */
  async function signUp(page: Page, name: string, email: string) {
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('correct horse battery');
    await page.locator('input[name="confirmPassword"]').fill('correct horse battery');
    await page.locator('button[type="submit"]').click();
  }

  it('sends the verification e-mail in German to a German browser', async () => {
    const email = `greta-${Date.now()}@example.test`;
    const page = await openRegister('de-DE');
    await page.getByLabel('Sprache').waitFor();
    await signUp(page, 'Greta', email);
    // The mail's subject and heading in German (the server's catalog, mail.verify.*).
    await waitForMailMatch(verifying.outboxDir, email, /Bestätige deine E-Mail-Adresse/);
  });

  it('sends it in Arabic when the page was switched to Arabic, whatever the browser says', async () => {
    const email = `amal-${Date.now()}@example.test`;
    const page = await openRegister('en-US');
    await page.getByLabel('Language').selectOption('ar');
    await expect.poll(() => documentLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await signUp(page, 'Amal', email);
    await waitForMailMatch(verifying.outboxDir, email, /أكّد عنوان بريدك الإلكتروني/);
  });
});

describe('pseudo-locale tour of the public pages', () => {
  const pages = [
    '/',
    '/login',
    '/login?oidc_error=OIDC_STATE_REFUSED',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/verify-email',
    '/confirm-email',
    '/signin/oidc',
    '/unsubscribe',
    '/no-such-page',
  ];
  /**
   * A hang guard for a walk of every page above: 20 to 60 s alone, 60 to 120 s on a CI machine
   * running every tier at once (2026-12-01), so the tier's 300 s leaves too little room.
   */
  const TOUR_TIMEOUT_MS = 600_000;

  it('notices text that did not come from a catalog', async () => {
    const { page } = await open('/login', { pseudo: true });
    await page.locator('h1').first().waitFor();
    await page.evaluate(() => {
      const main = document.querySelector('main');
      main?.insertAdjacentHTML(
        'beforeend',
        '<p>Hello there</p><button aria-label="Close"></button><p translate="no">Evenly</p>',
      );
    });
    expect(await untranslatedTexts(page)).toEqual(['Hello there', 'aria-label="Close"']);
  });

  // One test per device, and one per language below: each walks every page.
  it.each([
    { device: 'a desktop', phone: false },
    { device: 'a phone', phone: true },
  ])(
    'shows no text that did not come from a catalog on $device',
    async ({ phone }) => {
      const problems: string[] = [];
      for (const path of pages) {
        const { page, context } = await open(path, { pseudo: true, phone });
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        for (const text of await untranslatedTexts(page)) problems.push(`${path}: ${text}`);
        if (path === '/login' || path === '/register') {
          // The forms' own problems (core's sentences) when sent empty.
          await page.locator('button[type="submit"]').click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
          for (const text of await untranslatedTexts(page)) problems.push(`${path} sent: ${text}`);
        }
        await context.close();
      }
      expect([...new Set(problems)]).toEqual([]);
    },
    TOUR_TIMEOUT_MS,
  );

  it.each([
    { name: 'Arabic', language: { locale: 'ar' } },
    { name: 'the pseudo-locale', language: { pseudo: true } },
  ])(
    'has no accessibility problems in $name, light or dark',
    async ({ language }) => {
      const problems: string[] = [];
      for (const path of pages) {
        const { page, context } = await open(path, { ...language, axe: true });
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const name = `${language.locale ?? 'pseudo'} ${path}`;
        for (const v of await audit(page)) problems.push(`${name} light: ${v}`);
        // Colours are read at once: no button half-way through its colour transition.
        await page.addStyleTag({
          content: '*, *::before, *::after { transition: none !important; }',
        });
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
        for (const v of await audit(page, 'colours')) problems.push(`${name} dark: ${v}`);
        await context.close();
      }
      expect(problems).toEqual([]);
    },
    TOUR_TIMEOUT_MS,
  );
});
