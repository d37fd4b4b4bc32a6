// The expenses area in the pseudo-locale (issue #32): the activity feed, search, the expense form
// and its dialogs, and settle up show no text that did not come from a catalog. The seeded names
// and descriptions are written without plain ASCII letters, so that data (never translated) does
// not read as an untranslated text.
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
import { launchBrowser } from './support/browser';
import { usePseudoLocale } from './support/i18nTour';
import type { RunningServer } from './support/server';
import { tourExpenses } from './support/appTour/expenses';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('shows every text of the expenses screens from the catalog', async () => {
  const me = await createUser(server, 'Åñä Łëë');
  const friend = await createUser(server, 'Ɓëä Çøśŧä');
  await befriend(server, me, friend);
  const group = await createGroup(server, me, 'Łïśƀøñ', [friend], { defaultCurrency: 'EUR' });
  await addEqualExpense(server, friend, group.id, 'Ðïññéŕ', 60, [me, friend], 'EUR');
  await addEqualExpense(server, me, group.id, 'Ŧäxï', 20, [me, friend], 'EUR');
  await apiCall(server, 'PUT', '/auth/me/pay-methods', {
    token: friend.token,
    body: { bank: { iban: 'DE89370400440532013000', holder: 'Ɓëä Çøśŧä', bic: '' } },
  });

  const { context, page } = await openAs(browser, server, me, '/app');
  await usePseudoLocale(context);
  const found = await tourExpenses(page, server.baseUrl, {
    groupId: group.id,
    friendId: friend.id,
  });
  expect(found).toEqual([]);
});
