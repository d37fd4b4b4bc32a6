// The signed-in app in the pseudo-locale and in Arabic (issue #32 point 6), on a phone: the
// shell and friends, groups and expenses screens (e2e/support/appTour/). At every stop: no text
// that did not come from the language's catalog, every text fits the screen (nothing cut,
// nothing wider than the phone: e2e/support/textFit.ts) and, in Arabic, the layout is mirrored.
// The account area tours on a server of its own (i18n-app-account.e2e.test.ts). One set of data
// for both languages, on the run's shared server: names in Greek, so that data (never
// translated) holds neither plain ASCII letters nor Arabic ones.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './support/app';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  openAs,
  PASSWORD,
  startAppServer,
} from './support/app';
import { tourExpenses } from './support/appTour/expenses';
import { tourGroups } from './support/appTour/groups';
import { tourShell } from './support/appTour/shell';
import { TourStops } from './support/appTour/stops';
import { launchBrowser } from './support/browser';
import { type TourLanguage, useLanguage } from './support/i18nTour';
import type { RunningServer } from './support/server';

let browser: Browser;
let server: RunningServer;

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

interface Seeded {
  anna: TestUser;
  /** Owes Anna (Remind and Settle shown on the friends list). */
  bea: TestUser;
  /** Anna owes him in euros; he takes bank transfers. */
  giorgos: TestUser;
  groupId: number;
  joinPath: string;
  friendLinkToken: string;
}
let data: Seeded;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
  const [anna, bea, giorgos, dimitra, eleni] = await Promise.all([
    person('Άννα', 'anna'),
    person('Βεατρίκη', 'bea'),
    person('Γιώργος', 'giorgos'),
    person('Δήμητρα', 'dimitra'),
    person('Ελένη', 'eleni'),
  ]);
  await befriend(server, anna, bea);
  await befriend(server, anna, giorgos);
  const group = await createGroup(server, anna, 'Λισαβόνα', [bea, giorgos], {
    defaultCurrency: 'EUR',
  });
  // A guest of the group: listed among "others in your groups".
  const withGuest = await apiCall<{ members: { id: number; guest?: boolean }[] }>(
    server,
    'POST',
    `/groups/${String(group.id)}/guests`,
    { body: { name: 'Γκας' }, token: anna.token },
  );
  const guestId = withGuest.members.find((m) => m.guest === true)?.id ?? 0;
  await addEqualExpense(server, giorgos, group.id, 'Δείπνο', 60, [anna, giorgos], 'EUR');
  await apiCall(server, 'POST', '/expenses', {
    token: anna.token,
    body: {
      description: 'Ταξί',
      amount: 30,
      currency: 'EUR',
      groupId: group.id,
      splitType: 'EQUAL',
      payers: [{ userId: anna.id, amountPaid: 30 }],
      splits: [anna.id, bea.id, guestId].map((userId) => ({ userId, value: null })),
    },
  });
  await apiCall(server, 'PUT', '/auth/me/pay-methods', {
    token: giorgos.token,
    body: { bank: { iban: 'DE89370400440532013000', holder: 'Γιώργος', bic: '' } },
  });
  // A request to Anna, one from her, someone's friend link, and another group's invite link.
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
  const other = await createGroup(server, bea, 'Σπίτι', [], { defaultCurrency: 'EUR' });
  const invite = await apiCall<{ url: string }>(
    server,
    'POST',
    `/groups/${String(other.id)}/invite-link`,
    { body: { expiresInDays: null }, token: bea.token },
  );
  data = {
    anna,
    bea,
    giorgos,
    groupId: group.id,
    joinPath: new URL(invite.url).pathname,
    friendLinkToken: link.token,
  };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone signed in as Anna, in `language`. */
async function phone(language: TourLanguage) {
  const opened = await openAs(browser, server, data.anna, '/app', { phone: true });
  await useLanguage(opened.context, language);
  return opened;
}

// The pseudo-locale first: Arabic chosen on a device is saved with Anna's account (the
// pseudo-locale never is), and an account's language wins over the device's afterwards.
describe.each<{ language: TourLanguage }>([{ language: 'pseudo' }, { language: 'ar' }])(
  'the app in $language on a phone',
  ({ language }) => {
    it('the shell and the friends screens', async () => {
      const stops = new TourStops(language, 'shell');
      const { context, page } = await phone(language);
      const desktop = await openAs(browser, server, data.anna, '/app', { desktop: true });
      await useLanguage(desktop.context, language);
      const found = await tourShell(
        page,
        server.baseUrl,
        { friendId: data.bea.id, friendLinkToken: data.friendLinkToken },
        stops,
        desktop.page,
      );
      await Promise.all([context.close(), desktop.context.close()]);
      expect([...new Set(found)]).toEqual([]);
      expect(stops.layoutProblems).toEqual([]);
    });

    it('the groups screens', async () => {
      const stops = new TourStops(language, 'groups');
      const { context, page } = await phone(language);
      const found = await tourGroups(
        page,
        server.baseUrl,
        { groupId: data.groupId, expense: 'Δείπνο', joinPath: data.joinPath },
        stops,
      );
      await context.close();
      expect([...new Set(found)]).toEqual([]);
      expect(stops.layoutProblems).toEqual([]);
    });

    it('the expenses screens', async () => {
      const stops = new TourStops(language, 'expenses');
      const { context, page } = await phone(language);
      const found = await tourExpenses(
        page,
        server.baseUrl,
        { groupId: data.groupId, friendId: data.giorgos.id },
        stops,
      );
      await context.close();
      expect([...new Set(found)]).toEqual([]);
      expect(stops.layoutProblems).toEqual([]);
    });
  },
);
