// Screens that add up (issue #31 point 4), against the real server on a phone and a desktop: a
// member who owes nothing while others still do reads "You are settled up in this group", not
// that everyone is; the Friends page lists the people met only in a group beside the friends,
// marked as such, so its lines add up to the overall figure.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './support/app';
import {
  addEqualExpense,
  befriend,
  createGroup,
  createUser,
  openAs,
  seeText,
  startAppServer,
} from './support/app';
import { launchBrowser } from './support/browser';
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

/**
 * Ana is friends with Bea only; Daniela is Bea's friend, met by Ana in Bea's groups. In "Lisbon
 * trip" Ana owes Daniela $7.70; outside groups Ana owes Bea $2.45 (overall: Ana owes $10.15). In
 * "Flat" (simplifying debts) Daniela owes Bea $15.00 and Ana has no part.
 */
async function scenario(): Promise<{ ana: TestUser; flatId: number; tripId: number }> {
  const [ana, bea, dani] = await Promise.all([
    createUser(server, 'Ana Silva'),
    createUser(server, 'Bea Costa'),
    createUser(server, 'Daniela Reis'),
  ]);
  await Promise.all([befriend(server, bea, ana), befriend(server, bea, dani)]);
  const [trip, flat] = await Promise.all([
    createGroup(server, bea, 'Lisbon trip', [ana, dani]),
    createGroup(server, bea, 'Flat', [ana, dani], { simplifyDebts: true }),
  ]);
  await Promise.all([
    addEqualExpense(server, dani, trip.id, 'Pastéis', 15.4, [ana, dani]),
    addEqualExpense(server, bea, null, 'Tram', 4.9, [ana, bea]),
    addEqualExpense(server, bea, flat.id, 'Internet', 30, [bea, dani]),
  ]);
  return { ana, flatId: flat.id, tripId: trip.id };
}

/** "$7.70" → 770 cents (the amounts here are dollars with cents, no thousands). */
function cents(text: string): number {
  const m = /\$(\d+)\.(\d{2})/.exec(text);
  if (m === null) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/** Each person row of `list`: its words and its signed net in cents ("you owe" negative). */
async function rowNets(page: Page, list: string): Promise<{ text: string; net: number }[]> {
  const rows = page.getByRole('region', { name: list }).getByRole('listitem');
  return (await rows.allInnerTexts()).map((raw) => {
    const text = raw.replace(/\s+/g, ' ');
    const amount = /(owes you|you owe) (\$[\d.,]+)/.exec(text);
    const net = amount?.[2] === undefined ? 0 : cents(amount[2]);
    return { text, net: amount?.[1] === 'you owe' ? -net : net };
  });
}

/** No sideways scrolling: the rows fit the viewport. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
}

describe.each([
  { viewport: 'phone (390×844)', options: { phone: true, theme: 'light' as const } },
  { viewport: 'desktop (1440×900), dark', options: { desktop: true, theme: 'dark' as const } },
])('balance screens on a $viewport', ({ options }) => {
  it('says "You are settled up in this group" while others still owe each other', async () => {
    const { ana, flatId, tripId } = await scenario();
    const { page, context } = await openAs(browser, server, ana, `/app/group/${flatId}`, options);
    const balances = page.getByRole('region', { name: 'Group Balances' });
    await balances.getByText('You are settled up in this group.').waitFor();
    await balances.getByText('Daniela Reis pays Bea Costa $15.00').waitFor();
    expect(await balances.getByText('Everyone is settled up within this group.').count()).toBe(0);

    // Where Ana owes, her line shows; no settled sentence at all.
    await page.goto(`${server.baseUrl}/app/group/${tripId}`);
    await balances.getByText('you owe Daniela Reis $7.70').waitFor();
    expect(await balances.getByText(/settled up/).count()).toBe(0);
    await context.close();
  });

  it('in a group that does not simplify, debts in a circle are not "everyone settled"', async () => {
    const [ann, bea, carl, dan] = (await Promise.all(
      ['Ann Lee', 'Bea Costa', 'Carl Diaz', 'Dan Ross'].map((name) => createUser(server, name)),
    )) as [TestUser, TestUser, TestUser, TestUser];
    await Promise.all([bea, carl, dan].map((other) => befriend(server, ann, other)));
    const group = await createGroup(server, ann, 'Circle', [bea, carl, dan]);
    const { page, context } = await openAs(browser, server, dan, `/app/group/${group.id}`, options);
    const balances = page.getByRole('region', { name: 'Group Balances' });
    await balances.getByText('Everyone is settled up within this group.').waitFor();

    // Bea owes Ann 10, Carl owes Bea 10, Ann owes Carl 10: every person nets to zero, but each
    // pair still owes (the group pays pair by pair). Dan has no part.
    await addEqualExpense(server, ann, group.id, 'Lunch', 20, [ann, bea]);
    await addEqualExpense(server, bea, group.id, 'Taxi', 20, [bea, carl]);
    await addEqualExpense(server, carl, group.id, 'Museum', 20, [carl, ann]);
    await page.reload();
    await balances.getByText('You are settled up in this group.').waitFor();
    expect(await balances.getByText('Everyone is settled up within this group.').count()).toBe(0);
    await context.close();
  });

  it('lists a group-mate who is not a friend, and the lines add up to the overall', async () => {
    const { ana, tripId } = await scenario();
    const { page, context } = await openAs(browser, server, ana, '/app/friends', options);
    await seeText(page, 'Overall, you owe $10.15');
    const mates = page.getByRole('region', { name: 'Others in your groups' });
    const dani = mates.getByRole('listitem').filter({ hasText: 'Daniela Reis' });
    await dani.getByText('Group member · in Lisbon trip').waitFor();
    await dani.getByText('$7.70', { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Your friends' })
      .getByRole('listitem')
      .filter({ hasText: 'Bea Costa' })
      .getByText('$2.45', { exact: true })
      .waitFor();

    const friends = await rowNets(page, 'Your friends');
    const others = await rowNets(page, 'Others in your groups');
    expect(friends.map((r) => r.text.includes('Bea Costa'))).toEqual([true]);
    expect(others.map((r) => r.text.includes('Daniela Reis'))).toEqual([true]);
    const sum = [...friends, ...others].reduce((a, r) => a + r.net, 0);
    expect(sum).toBe(-cents('$10.15'));

    expect(await fitsWidth(page)).toBe(true);
    // The group behind the balance is one tap away.
    await dani.getByRole('link', { name: 'Lisbon trip' }).click();
    await page.waitForURL(`**/app/group/${tripId}`);
    await context.close();
  });
});
