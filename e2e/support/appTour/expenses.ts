// The pseudo-locale tour of the expenses area (issue #32): the activity feed, expense search, the
// add-expense picker, the expense form with its split dialogs and field errors, and settle up with
// a friend's pay buttons. The page is signed in and in the pseudo-locale; what the tour finds is
// every visible text that did not come from a catalog, prefixed with the screen's name.
import type { Page } from 'playwright-core';
import type { TourStops } from './stops';

export interface ExpensesTourData {
  /** A group of the signed-in person's, with at least one other member. */
  groupId: number;
  /** A friend the signed-in person owes money to in euros, who takes bank transfers. */
  friendId: number;
}

/**
 * Texts of the parts other areas of #32 convert (the app's navigation and header, the category
 * picker and badges, the page header's back link, dialogs' close button): left out here until
 * those areas are merged, when this list is to be emptied.
 */
const OTHER_AREAS: readonly RegExp[] = [
  /^Skip to content$/,
  /^aria-label="(Back|Close|Notifications.*)"$/,
  /^(· )?(General|Category:?)$/,
];

/**
 * The app's navigation (side and bottom bars) belongs to another area of #32: left out of this
 * tour by marking it `translate="no"` until that area is merged.
 */
async function leaveOutNavigation(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll('body nav'))) {
      if (element.closest('main, [role="dialog"]') === null)
        element.setAttribute('translate', 'no');
    }
  });
}

/** Every screen's untranslated texts, prefixed with the screen's name. */
async function look(page: Page, screen: string, found: string[]): Promise<void> {
  await leaveOutNavigation(page);
  const texts = await stops.texts(page, screen);
  for (const text of texts) {
    if (!OTHER_AREAS.some((pattern) => pattern.test(text))) found.push(`${screen}: ${text}`);
  }
}

/** Waits for the first element matching a CSS selector to be visible. */
async function visible(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'visible' });
}

let stops: TourStops;

/** Tours the expenses screens on `page` (signed in, in the tour's language); `tourStops` checks each. */
export async function tourExpenses(
  page: Page,
  baseUrl: string,
  data: ExpensesTourData,
  tourStops: TourStops,
): Promise<string[]> {
  stops = tourStops;
  const found: string[] = [];

  // Activity feed (its entries, their effect on the balance, the search link).
  await page.goto(`${baseUrl}/app/activity`);
  await visible(page, 'main ul li a');
  await look(page, 'activity', found);

  // Expense search: results, then the filters opened.
  await page.goto(`${baseUrl}/app/search`);
  await visible(page, 'main ul li a');
  await page.locator('main form[role="search"] button[aria-controls]').click();
  await visible(page, 'main fieldset select');
  await look(page, 'search', found);
  // A filter problem beside its field.
  await page.locator('main fieldset input').first().fill('abc');
  await visible(page, 'main fieldset p.text-danger');
  await look(page, 'search filters', found);

  // Add expense: the picker, then the form for the group.
  await page.goto(`${baseUrl}/app/add-expense`);
  await visible(page, 'main ul li button');
  await look(page, 'add expense', found);
  await page.locator('main ul li button').first().click();
  await visible(page, '#expense-description');
  await look(page, 'expense form', found);
  // Saved empty: every field says what it needs.
  await page.locator('main form button[type="submit"]').click();
  await visible(page, 'main form [aria-invalid="true"]');
  await look(page, 'expense form errors', found);
  await page.locator('#expense-amount').fill('30');
  await page.locator('#expense-description').fill('Ðïññéŕ');
  // The split dialog, with exact amounts that do not add up.
  await page.locator('#expense-split').click();
  await visible(page, '[role="dialog"] [role="radiogroup"]');
  await page.locator('[role="dialog"] [role="radio"]').nth(1).click();
  await page.locator('[role="dialog"] input[inputmode="decimal"]').first().fill('1');
  await visible(page, '[role="dialog"] [role="alert"], [role="dialog"] .alert, [role="dialog"] p');
  await look(page, 'split dialog', found);
  await page.locator('[role="dialog"] footer button, [role="dialog"] .btn-primary').last().click();
  // Split by item, with one item typed.
  await page.locator('#expense-split ~ button').first().click();
  await visible(page, '[role="dialog"]');
  await look(page, 'split by item (empty)', found);
  await page.locator('[role="dialog"] button.btn-secondary.w-full').click();
  await visible(page, '[role="dialog"] input[id^="item-price-"]');
  await page.locator('[role="dialog"] input[id^="item-price-"]').first().fill('10');
  await look(page, 'split by item', found);

  // Settle up with the friend: balance, direction, pay buttons and the bank transfer.
  await page.goto(`${baseUrl}/app/settle-up?with=${String(data.friendId)}`);
  await visible(page, '[data-testid="payee-iban"]');
  await look(page, 'settle up', found);

  // The group's own search (its title names the group).
  await page.goto(`${baseUrl}/app/group/${String(data.groupId)}/search`);
  await visible(page, 'main ul li a');
  await look(page, 'group search', found);
  return found;
}
