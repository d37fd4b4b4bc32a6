// The groups screens in the pseudo-locale (issue #32): every text they show comes from a catalog.
// The seeded names are Greek, so that data (not translated) holds no plain ASCII letter.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  openAs,
  startAppServer,
} from './support/app';
import { tourGroups } from './support/appTour/groups';
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

it('shows the groups screens with no text that did not come from a catalog', async () => {
  const me = await createUser(server, 'Ωμέγα');
  const friend = await createUser(server, 'Σίγμα');
  await befriend(server, me, friend);
  const group = await createGroup(server, me, 'Ταξίδι', [friend], { defaultCurrency: 'EUR' });
  await addEqualExpense(server, friend, group.id, 'Δείπνο', 60, [me, friend], 'EUR');
  // Another group of the friend's, whose invite link the tour opens.
  const other = await createGroup(server, friend, 'Σπίτι', [], { defaultCurrency: 'EUR' });
  const link = await apiCall<{ url: string }>(
    server,
    'POST',
    `/groups/${String(other.id)}/invite-link`,
    { body: { expiresInDays: null }, token: friend.token },
  );
  const joinPath = new URL(link.url).pathname;

  const { page, context } = await openAs(browser, server, me, '/app');
  await usePseudoLocale(context);
  const problems = await tourGroups(page, server.baseUrl, {
    groupId: group.id,
    expense: 'Δείπνο',
    joinPath,
  });
  await context.close();
  expect([...new Set(problems)]).toEqual([]);
});
