// The pseudo-locale tour of the account area (issue #32): the account page and its dialogs,
// notifications and their settings, API tokens, help, and (for an administrator) the admin
// area's sections. Each screen's main column and each dialog is checked with untranslatedTexts;
// what a finding comes from is prefixed ("account: …", "account › Security: …").
import type { Page } from 'playwright-core';
import type { TourStops } from './stops';

/** The visible texts not from a catalog inside `selector` (the screen's column, or a dialog). */
let stops: TourStops;

async function untranslatedWithin(page: Page, selector: string, stop: string): Promise<string[]> {
  const all = await stops.texts(page, stop);
  const inside = await page.evaluate((css) => {
    const texts: string[] = [];
    for (const root of Array.from(document.querySelectorAll(css))) {
      texts.push(root.textContent ?? '');
      for (const element of Array.from(
        root.querySelectorAll('[aria-label], [alt], [title], [placeholder]'),
      )) {
        for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
          const value = element.getAttribute(name);
          if (value !== null) texts.push(`${name}="${value}"`);
        }
      }
    }
    return texts;
  }, selector);
  return all.filter((text) => inside.some((t) => t.includes(text)));
}

/** Waits until no skeleton or spinner is left on the page (the queries have answered). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('.skeleton, [aria-busy="true"]').length === 0,
    undefined,
    { timeout: 10_000 },
  );
}

async function screen(page: Page, name: string, ready: () => Promise<void>): Promise<string[]> {
  await ready();
  await settled(page);
  return (await untranslatedWithin(page, '#main', name)).map((t) => `${name}: ${t}`);
}

/** Opens a dialog with `open`, checks it, then closes it with Escape. */
async function dialogTour(page: Page, name: string, open: () => Promise<void>): Promise<string[]> {
  await open();
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').last();
  await dialog.waitFor();
  await settled(page);
  const found = (await untranslatedWithin(page, '[role="dialog"], [role="alertdialog"]', name)).map(
    (t) => `${name}: ${t}`,
  );
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return found;
}

/**
 * Tours the account area on `page` (already signed in, in the pseudo-locale). With
 * `admin: true` (the person is an administrator) the admin area's six sections too.
 */
export async function tourAccount(
  page: Page,
  baseUrl: string,
  tourStops: TourStops,
  options: { admin?: boolean } = {},
): Promise<string[]> {
  stops = tourStops;
  const found: string[] = [];
  const go = (path: string) => page.goto(baseUrl + path);

  await go('/app/account');
  found.push(
    ...(await screen(page, 'account', () =>
      page.locator('[data-testid="profile-email"]').waitFor(),
    )),
  );
  // The profile card's buttons (picture, name, e-mail), then the menu's dialogs, by position:
  // their names are pseudo-localised.
  const profileButtons = page.locator('section[aria-labelledby="profile-title"] button');
  found.push(
    ...(await dialogTour(page, 'account › edit name', () => profileButtons.nth(1).click())),
  );
  found.push(
    ...(await dialogTour(page, 'account › change e-mail', () => profileButtons.nth(2).click())),
  );
  const menu = page.locator('#main ul').filter({ has: page.locator('input[name="theme"]') });
  const menuButtons = menu.locator(':scope > li > button');
  found.push(
    ...(await dialogTour(page, 'account › friend code', () => menuButtons.nth(0).click())),
  );
  found.push(...(await dialogTour(page, 'account › scan code', () => menuButtons.nth(1).click())));
  found.push(...(await dialogTour(page, 'account › security', () => menuButtons.nth(3).click())));
  found.push(
    ...(await dialogTour(page, 'account › delete', () =>
      page.locator('section[aria-labelledby="danger-title"] button').click(),
    )),
  );

  await go('/app/account/notifications');
  found.push(
    ...(await screen(page, 'notification settings', () =>
      page.locator('[data-testid="notification-channel"]').first().waitFor(),
    )),
  );

  await go('/app/notifications');
  found.push(
    ...(await screen(page, 'notifications', () => page.locator('#main .card').first().waitFor())),
  );

  await go('/app/account/api-tokens');
  found.push(
    ...(await screen(page, 'API tokens', () => page.locator('#main ul.card li').first().waitFor())),
  );
  found.push(
    ...(await dialogTour(page, 'API tokens › new', () =>
      page.locator('#main button.btn-primary').first().click(),
    )),
  );
  found.push(
    ...(await dialogTour(page, 'API tokens › revoke', () =>
      page.locator('#main ul.card li button').first().click(),
    )),
  );

  await go('/app/help');
  found.push(...(await screen(page, 'help', () => page.locator('#main ul a').first().waitFor())));

  if (options.admin) {
    for (const section of ['people', 'registration', 'instance', 'health', 'backup', 'audit']) {
      await go(`/app/admin?section=${section}`);
      found.push(
        ...(await screen(page, `admin › ${section}`, () =>
          page.locator(`section[aria-labelledby="admin-${section}-title"]`).waitFor(),
        )),
      );
    }
  }
  return found;
}
