// The pseudo-locale tour of the app shell and the friends screens (issue #32): the side and
// bottom navigation, the friends list with its rows, requests, dialogs and toasts, a friend's
// page, a friend link, the app's not-found page and the offline banner. Each screen's texts that
// did not come from a catalog (e2e/support/i18nTour.ts), prefixed with the screen's name.
import type { Page } from 'playwright-core';
import type { TourStops } from './stops';

export interface ShellTourData {
  /** A friend with a balance in a shared group (owes the user: Remind and Settle shown). */
  friendId: number;
  /** Someone else's friend link token (not yet a friend). */
  friendLinkToken: string;
}

let stops: TourStops;

async function collect(page: Page, screen: string, into: string[]): Promise<void> {
  for (const text of await stops.texts(page, screen)) into.push(`${screen}: ${text}`);
}

/** The friends list, loaded: friends, the people of the user's groups and the requests. */
async function friendsLoaded(page: Page): Promise<void> {
  await page.locator('[aria-labelledby="friends-title"] li').first().waitFor();
  await page.locator('[aria-labelledby="group-mates-title"] li').first().waitFor();
  await page.locator('[aria-labelledby="incoming-title"] li').first().waitFor();
  await page.locator('[aria-labelledby="outgoing-title"] li').first().waitFor();
  await page.locator('#non-group-title').waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
}

/**
 * `page`: signed in, in the tour's language, on a phone (bottom navigation, one column).
 * `desktop`: an optional second page on a desktop's screen (side navigation, the friends list
 * beside its detail), signed in as well. Each stop is checked by `tourStops`.
 */
export async function tourShell(
  page: Page,
  baseUrl: string,
  data: ShellTourData,
  tourStops: TourStops,
  desktop?: Page,
): Promise<string[]> {
  stops = tourStops;
  const found: string[] = [];

  // The friends list beside the placeholder, the side navigation and the overall balance.
  await page.goto(`${baseUrl}/app/friends`);
  await friendsLoaded(page);
  await collect(page, 'friends', found);

  // Removing a friend: the confirmation dialog.
  const friends = page.locator('[aria-labelledby="friends-title"]');
  await friends.locator('button.hover\\:text-danger').first().click();
  await page.getByRole('alertdialog').waitFor();
  await collect(page, 'friends, remove dialog', found);
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });

  // A reminder: its toast.
  await friends.locator('button.text-primary').first().click();
  // Sent, or (a second tour the same day) refused as already sent: a toast either way.
  await page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .filter({ hasText: /\S/ })
    .first()
    .waitFor();
  await collect(page, 'friends, reminder sent', found);

  // An e-mail address that is not valid: the form's own error.
  await page.locator('#friend-email').fill('not an address');
  await page.locator('form button[type="submit"]').click();
  await page.locator('#friend-email-error').waitFor();
  await collect(page, 'friends, add friend error', found);

  // A friend's page beside the list.
  await page.goto(`${baseUrl}/app/friends/${String(data.friendId)}`);
  await page.locator('h1').waitFor();
  await page.locator('[aria-labelledby="shared-groups-title"] li').first().waitFor();
  await page.locator('#non-group-title').waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await collect(page, 'friend', found);

  // Someone's friend link.
  await page.goto(`${baseUrl}/add-friend/${data.friendLinkToken}`);
  await page.locator('main h2').waitFor();
  await page.locator('main button.btn-primary').waitFor();
  await collect(page, 'add friend', found);

  // A friend link that does not exist.
  await page.goto(`${baseUrl}/add-friend/no-such-token`);
  await page.locator('main [role="alert"]').waitFor();
  await collect(page, 'add friend, unknown link', found);

  // No such page in the app.
  await page.goto(`${baseUrl}/app/no-such-page`);
  await page.locator('main h1').waitFor();
  await collect(page, 'app not found', found);

  // Offline: the banner at the top of every page.
  await page.goto(`${baseUrl}/app/friends`);
  await friendsLoaded(page);
  await page.context().setOffline(true);
  await page.locator('[data-testid="offline-banner"]').waitFor();
  await collect(page, 'offline', found);
  await page.context().setOffline(false);
  await page.locator('[data-testid="offline-banner"]').waitFor({ state: 'detached' });

  if (desktop) {
    // The desktop's side navigation, and the friends list beside a friend's page.
    await desktop.goto(`${baseUrl}/app/friends/${String(data.friendId)}`);
    await friendsLoaded(desktop);
    await desktop.locator('[aria-labelledby="shared-groups-title"] li').first().waitFor();
    await desktop.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await collect(desktop, 'desktop, friend beside the list', found);
  }
  return found;
}
