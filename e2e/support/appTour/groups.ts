// The pseudo-locale tour of the groups screens (issue #32): the groups list, a group's page with
// its dialogs (expense detail, settle up, convert, add member), Group settings and its dialogs,
// the group's and the personal charts, the import page and an invite link. Each screen's texts
// that did not come from a catalog, prefixed with the screen's name.
import type { Locator, Page } from 'playwright-core';
import type { TourStops } from './stops';

/**
 * What `Intl` writes (the pseudo-locale formats dates as English: month names) and currency
 * codes (ISO 4217, data) are not catalog text: taken out of a text before it is judged.
 */
const INTL_WORDS =
  /\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b|\b[A-Z]{3}\b/g;

function stillUntranslated(text: string): boolean {
  const value = text.replace(/^(?:aria-label|alt|title|placeholder)="|"$/g, '');
  return /[a-uwyzA-UWYZ]/.test(value.replaceAll('Evenly', '').replace(INTL_WORDS, ''));
}

/**
 * The app's shell (navigation, the header outside the page's own content) belongs to other
 * screens' tours: left out here, so that what is listed is this area's.
 */
async function screenTexts(page: Page, screen: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll('nav, body > div header'))) {
      if (element.closest('main, [role="dialog"]') === null) {
        element.setAttribute('translate', 'no');
      }
    }
  });
  // Only the pseudo-locale writes dates as English: in Arabic an English month is a finding.
  return (await stops.texts(page, screen))
    .filter((text) => stops.language !== 'pseudo' || stillUntranslated(text))
    .map((text) => `${screen}: ${text}`);
}

/** Opens the dialog behind `opener`, tours it, and closes it with Escape. */
async function tourDialog(page: Page, opener: Locator, screen: string): Promise<string[]> {
  await opener.click();
  await page.getByRole('dialog').last().waitFor();
  const found = await screenTexts(page, screen);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return found;
}

export interface GroupsTourData {
  /** A group with the signed-in person, a friend in it and an expense paid by the friend. */
  groupId: number;
  /** The expense's description, to open its detail. */
  expense: string;
  /** A valid invite link path of another group ("/join/…"). */
  joinPath: string;
}

let stops: TourStops;

/** Tours the groups screens on a page already signed in, in the tour's language; `tourStops` checks each. */
export async function tourGroups(
  page: Page,
  baseUrl: string,
  data: GroupsTourData,
  tourStops: TourStops,
): Promise<string[]> {
  stops = tourStops;
  const found: string[] = [];
  const go = async (path: string) => {
    await page.goto(baseUrl + path);
    await page.locator('main h1, main h2').first().waitFor();
  };
  const main = page.locator('main');

  await go('/app/groups');
  await main.getByRole('listitem').first().waitFor();
  found.push(...(await screenTexts(page, 'groups')));
  const headerButtons = main.locator('header button');
  found.push(...(await tourDialog(page, headerButtons.nth(1), 'groups filter')));
  found.push(...(await tourDialog(page, headerButtons.nth(2), 'create group')));

  await go(`/app/group/${String(data.groupId)}`);
  await main.getByText(data.expense).first().waitFor();
  found.push(...(await screenTexts(page, 'group')));
  found.push(...(await tourDialog(page, main.getByText(data.expense).first(), 'expense detail')));
  const actions = main.locator('.grid.grid-cols-2 button');
  found.push(...(await tourDialog(page, actions.first(), 'settle up')));
  found.push(
    ...(await tourDialog(
      page,
      main.locator('section[aria-labelledby="members-title"] button'),
      'add member',
    )),
  );

  await go(`/app/groups/${String(data.groupId)}/settings`);
  await main
    .locator('#invite-url, section[aria-labelledby="settings-invite"] button')
    .first()
    .waitFor();
  found.push(...(await screenTexts(page, 'group settings')));
  found.push(
    ...(await tourDialog(
      page,
      main.locator('section[aria-labelledby="settings-currency"] button'),
      'group currency',
    )),
  );
  found.push(
    ...(await tourDialog(
      page,
      main.locator('section[aria-labelledby="settings-members"] .flex-wrap.gap-2 > button').last(),
      'add guest',
    )),
  );
  found.push(
    ...(await tourDialog(
      page,
      main.locator('section[aria-labelledby="settings-export"] button[aria-haspopup="dialog"]'),
      'trip report',
    )),
  );

  await go(`/app/groups/${String(data.groupId)}/charts`);
  await main.locator('[data-testid="chart-category"]').waitFor();
  found.push(...(await screenTexts(page, 'group charts')));

  await go('/app/reports');
  await main.locator('[data-testid="chart-my-month"]').waitFor();
  found.push(...(await screenTexts(page, 'my charts')));

  await go('/app/import');
  found.push(...(await screenTexts(page, 'import')));

  await page.goto(baseUrl + data.joinPath);
  await page.locator('h1').first().waitFor();
  found.push(...(await screenTexts(page, 'join')));
  return found;
}
