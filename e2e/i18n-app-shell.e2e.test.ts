// The pseudo-locale tour of the app shell and the friends screens (issue #32): every text they
// show comes from a catalog. People's and groups' names are data: written here without plain
// ASCII letters (Greek), so that the tour finds only the interface's own words.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCall, befriend, createGroup, openAs, PASSWORD, startAppServer } from './support/app';
import type { TestUser } from './support/app';
import { tourShell } from './support/appTour/shell';
import { launchBrowser } from './support/browser';
import { usePseudoLocale } from './support/i18nTour';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A user with a name in Greek (createUser derives the address from a Latin name). */
async function person(name: string, local: string): Promise<TestUser> {
  const email = `${local}.${run}@example.com`;
  await apiCall(server, 'POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  const login = await apiCall<{ token: string; id: number }>(server, 'POST', '/auth/login', {
    body: { email, password: PASSWORD },
  });
  return { id: login.id, name, email, password: PASSWORD, token: login.token };
}

it('shows the shell and the friends screens with no text outside the catalogs', async () => {
  const [anna, bea, dimitra, eleni] = await Promise.all([
    person('Άννα', 'anna'),
    person('Βεατρίκη', 'bea'),
    person('Δήμητρα', 'dimitra'),
    person('Ελένη', 'eleni'),
  ]);
  await befriend(server, anna, bea);
  const group = await createGroup(server, anna, 'Λισαβόνα', [bea], { defaultCurrency: 'USD' });
  // A guest of the group: listed among "others in your groups".
  const withGuest = await apiCall<{ members: { id: number; guest?: boolean }[] }>(
    server,
    'POST',
    `/groups/${String(group.id)}/guests`,
    { body: { name: 'Γκας' }, token: anna.token },
  );
  const guestId = withGuest.members.find((m) => m.guest === true)?.id ?? 0;
  await apiCall(server, 'POST', '/expenses', {
    token: anna.token,
    body: {
      description: 'Ταξί',
      amount: 30,
      groupId: group.id,
      splitType: 'EQUAL',
      payers: [{ userId: anna.id, amountPaid: 30 }],
      splits: [anna.id, bea.id, guestId].map((userId) => ({ userId, value: null })),
    },
  });
  // A request to Anna, one from her, and someone's friend link.
  await apiCall(server, 'POST', '/friendships/requests', {
    body: { recipientEmail: anna.email },
    token: dimitra.token,
  });
  await apiCall(server, 'POST', '/friendships/requests', {
    body: { recipientEmail: eleni.email },
    token: anna.token,
  });
  const link = await apiCall<{ token: string }>(server, 'GET', '/friend-link', {
    token: eleni.token,
  });

  const desktop = await openAs(browser, server, anna, '/app/friends', { desktop: true });
  const phone = await openAs(browser, server, anna, '/app/friends', { phone: true });
  for (const { context } of [desktop, phone]) await usePseudoLocale(context);
  const found = await tourShell(
    desktop.page,
    server.baseUrl,
    { friendId: bea.id, friendLinkToken: link.token },
    phone.page,
  );
  expect([...new Set(found)]).toEqual([]);
  await Promise.all([desktop.context.close(), phone.context.close()]);
});
