// People without accounts (issue #12): a group of four where one person never registers splits a
// trip, then that person joins through the invite link (its QR code decoded from the screen) and
// finds their balance waiting; claiming by e-mail address from the groups list; merging a guest
// into a member.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  openAs,
  PASSWORD,
  seeText,
  startAppServer,
  type TestUser,
} from './support/app';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { decodeQr } from './support/qr';
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

interface GroupBody {
  id: number;
  name: string;
  members: { id: number; name: string; email: string | null; guest: boolean }[];
}

/** The caller's balance lines on the group page, as read aloud. */
async function balanceLines(page: Page): Promise<string[]> {
  const list = page.getByRole('region', { name: 'Group Balances' }).getByRole('list').first();
  await list.getByRole('listitem').first().waitFor();
  return (await list.getByRole('listitem').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').replace(/( Remind)?( Settle)?$/, ''),
  );
}

/** The suggested payments (simplified debts) on the group page. */
async function suggestionLines(page: Page): Promise<string[]> {
  const list = page.getByRole('region', { name: 'Group Balances' }).getByRole('list').last();
  return (await list.getByRole('listitem').allInnerTexts()).map((t) =>
    t
      .replace(/\s+/g, ' ')
      .replace(/ Record$/, '')
      .trim(),
  );
}

/** An expense (API shortcut): `payerId` paid `amount`, split equally among `among`. */
async function expense(
  by: TestUser,
  groupId: number,
  description: string,
  amount: number,
  payerId: number,
  among: number[],
): Promise<void> {
  await apiCall(server, 'POST', '/expenses', {
    token: by.token,
    body: {
      description,
      amount,
      groupId,
      splitType: 'EQUAL',
      payers: [{ userId: payerId, amountPaid: amount }],
      splits: among.map((userId) => ({ userId, value: null })),
    },
  });
}

async function addGuestInSettings(page: Page, name: string, email = ''): Promise<void> {
  await page.getByRole('button', { name: 'Add someone without an account' }).click();
  const modal = dialog(page, 'Add someone without an account');
  await modal.getByText('They can join later').waitFor();
  await modal.getByLabel('Name').fill(name);
  if (email) await modal.getByLabel('E-mail (optional)').fill(email);
  await modal.getByRole('button', { name: 'Add person' }).click();
  await modal.waitFor({ state: 'detached' });
  await page
    .getByRole('region', { name: 'Members' })
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByText('Guest', { exact: true })
    .waitFor();
}

describe('people without accounts', () => {
  it('splits a trip with a guest who later joins by the QR code and finds the balance waiting', async () => {
    // One after the other: ties in the simplification go to the lower id (Bea before Carl).
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    const carl = await createUser(server, 'Carl Diaz');
    await befriend(server, ann, bea);
    await befriend(server, ann, carl);
    const trip = await createGroup(server, ann, 'Lisbon trip', [bea, carl]);

    // Ann adds Dan, who has no account, from the group's settings.
    const a = await openAs(browser, server, ann, `/app/group/${trip.id}`, { phone: true });
    await a.page.getByRole('link', { name: 'Group settings' }).click();
    await a.page.waitForURL(`**/app/groups/${trip.id}/settings`);
    await addGuestInSettings(a.page, 'Dan Guest');
    await seeText(a.page, 'Dan Guest added');
    const group = await apiCall<GroupBody>(server, 'GET', `/groups/${trip.id}`, {
      token: ann.token,
    });
    const dan = group.members.find((m) => m.name === 'Dan Guest');
    expect(dan).toMatchObject({ guest: true, email: null });
    const danId = dan?.id ?? 0;

    // The guest takes part like anyone: in a split, as a payer (recorded by Bea).
    await expense(ann, trip.id, 'Apartment', 400, ann.id, [ann.id, bea.id, carl.id, danId]);
    await expense(bea, trip.id, 'Dinner', 120, danId, [ann.id, bea.id, carl.id, danId]);

    // Ann records that Dan paid her 50 (a payment from the guest, recorded by a member).
    await a.page.goto(`${server.baseUrl}/app/group/${trip.id}`);
    await a.page.getByText('Dan Guest owes you $70.00', { exact: true }).waitFor();
    await a.page.getByRole('button', { name: 'Settle Up' }).click();
    const pay = dialog(a.page, 'Record a payment');
    await pay.getByLabel('Member').selectOption({ label: 'Dan Guest (guest)' });
    await pay.getByRole('button', { name: 'Dan Guest paid me', pressed: true }).waitFor();
    await pay.getByLabel(/^Amount/).fill('50');
    await pay.getByRole('button', { name: 'Save Payment' }).click();
    await seeText(a.page, 'Payment added!');
    // exact: the balance line, not "… owes you $20.00 in this group" of a view still closing
    await a.page.getByText('Dan Guest owes you $20.00', { exact: true }).waitFor();
    expect(await balanceLines(a.page)).toEqual([
      'B Bea Costa owes you $100.00',
      'C Carl Diaz owes you $100.00',
      'D Dan Guest owes you $20.00',
    ]);
    // No reminder for someone without an account.
    expect(
      await a.page
        .getByRole('region', { name: 'Group Balances' })
        .getByRole('button', { name: /Remind Dan Guest/ })
        .count(),
    ).toBe(0);

    // Simplified (settings → Simplify debts): Ann +220, Dan +40, Bea −130, Carl −130.
    await a.page.getByRole('link', { name: 'Group settings' }).click();
    await a.page.getByText('Simplify debts', { exact: true }).click();
    await a.page.getByRole('switch', { name: /Simplify debts/, checked: true }).waitFor();
    await a.page.getByRole('link', { name: 'Back' }).click();
    await a.page.getByText('Carl Diaz pays Dan Guest $40.00').waitFor();
    expect(await suggestionLines(a.page)).toEqual([
      'Bea Costa pays you $130.00',
      'Carl Diaz pays you $90.00',
      'Carl Diaz pays Dan Guest $40.00',
    ]);
    await a.page.getByText('Bea Costa owes you $130.00', { exact: true }).waitFor();
    expect(await balanceLines(a.page)).toEqual([
      'B Bea Costa owes you $130.00',
      'C Carl Diaz owes you $90.00',
    ]);

    // An invite link; the QR code on the screen says the same as the link shown.
    await a.page.getByRole('link', { name: 'Group settings' }).click();
    const invite = a.page.getByRole('region', { name: 'Invite link' });
    await invite.getByLabel('Link expires').selectOption({ label: 'Never' });
    await invite.getByRole('button', { name: 'Create invite link' }).click();
    await seeText(a.page, 'Invite link created');
    const url = await invite.getByRole('textbox', { name: 'Invite link' }).inputValue();
    expect(url).toMatch(new RegExp(`^${server.baseUrl}/join/[A-Za-z0-9_-]+$`));
    await invite.getByText('Does not expire.').waitFor();
    const qr = invite.getByRole('img', { name: 'QR code for the invite link' });
    expect(await decodeQr(qr)).toBe(url);

    // Dan, in a browser of his own, opens the link, signs up, and takes over "Dan Guest".
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByText('Ann Lee invited you to Lisbon trip.').waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/register\?invite=/);
    const danEmail = `dan.${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Name').fill('Dan Real');
    await page.getByLabel('Email').fill(danEmail);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('next')).toBe(new URL(url).pathname);
    await page.getByLabel('Email').fill(danEmail);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url);
    await page.getByRole('heading', { name: 'Join Lisbon trip' }).waitFor();
    await page.getByText('Are you one of these people?').waitFor();
    await page.getByRole('radio', { name: 'Dan Guest' }).check();
    await page.getByRole('button', { name: 'Join group' }).click();
    await page.waitForURL(`**/app/group/${trip.id}`);
    await seeText(page, 'You joined Lisbon trip as Dan Guest');
    // His balance was waiting: Carl owes him 40, as Ann's suggestions said.
    expect(await balanceLines(page)).toEqual(['C Carl Diaz owes you $40.00']);
    await page.getByRole('link', { name: 'Back' }).click();
    await page
      .getByRole('link', { name: /Lisbon trip/ })
      .getByText('Carl Diaz owes you $40.00')
      .waitFor();

    // Ann sees Dan Real in place of the guest, with the same amounts.
    await a.page.goto(`${server.baseUrl}/app/group/${trip.id}`);
    await a.page.getByText('Carl Diaz pays Dan Real $40.00').waitFor();
    const members = a.page.getByRole('region', { name: 'Members' });
    await members.getByText('Dan Real').waitFor();
    expect(await members.getByText('Dan Guest').count()).toBe(0);
    await context.close();
    await a.context.close();
  });

  it('offers a guest added with an address to the person who signs up with it', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const flat = await createGroup(server, ann, 'Flat 3B');
    const club = await createGroup(server, ann, 'Book club');
    const eveEmail = `eve.${Date.now().toString(36)}@example.com`;
    const a = await openAs(browser, server, ann, `/app/groups/${flat.id}/settings`, {
      phone: true,
    });
    await addGuestInSettings(a.page, 'Eve Guest', eveEmail);
    await a.page.getByRole('region', { name: 'Members' }).getByText(eveEmail).waitFor();
    const body = await apiCall<GroupBody>(server, 'GET', `/groups/${flat.id}`, {
      token: ann.token,
    });
    const eveGuest = body.members.find((m) => m.name === 'Eve Guest');
    expect(eveGuest).toMatchObject({ guest: true, email: eveEmail });
    await expense(ann, flat.id, 'Rent', 61, ann.id, [ann.id, eveGuest?.id ?? 0]);
    const clubGroup = await apiCall<GroupBody>(server, 'POST', `/groups/${club.id}/guests`, {
      token: ann.token,
      body: { name: 'E.', email: eveEmail },
    });
    expect(clubGroup.members.some((m) => m.name === 'E.' && m.guest)).toBe(true);

    // Eve registers with that address: the groups list offers both.
    await apiCall(server, 'POST', '/auth/register', {
      body: { name: 'Eve Stone', email: eveEmail, password: PASSWORD },
    });
    const login = await apiCall<{ token: string; id: number }>(server, 'POST', '/auth/login', {
      body: { email: eveEmail, password: PASSWORD },
    });
    const eve: TestUser = {
      id: login.id,
      name: 'Eve Stone',
      email: eveEmail,
      password: PASSWORD,
      token: login.token,
    };
    const e = await openAs(browser, server, eve, '/app/groups', { phone: true });
    const offers = e.page.getByRole('region', { name: 'People added with your address' });
    const flatOffer = offers.getByRole('article', { name: 'Flat 3B: Eve Guest' });
    await flatOffer
      .getByText('Ann Lee added you to Flat 3B as “Eve Guest”. Your balance there: you owe $30.50.')
      .waitFor();
    const clubOffer = offers.getByRole('article', { name: 'Book club: E.' });
    await clubOffer.getByText('Your balance there: settled up.').waitFor();

    // "Not me" hides it on this device, also after a reload.
    await clubOffer.getByRole('button', { name: 'Not me' }).click();
    await clubOffer.waitFor({ state: 'detached' });
    await e.page.reload();
    await flatOffer.waitFor();
    expect(await clubOffer.count()).toBe(0);

    // "That's me" asks first, then joins the group with the guest's balance.
    await flatOffer.getByRole('button', { name: "That's me" }).click();
    const confirm = e.page.getByRole('alertdialog', { name: 'Join as this person' });
    await confirm
      .getByText('everything “Eve Guest” paid, owes and is owed there becomes yours')
      .waitFor();
    await confirm.getByRole('button', { name: 'Join' }).click();
    await seeText(e.page, 'You joined Flat 3B as Eve Guest');
    await flatOffer.waitFor({ state: 'detached' });
    await e.page
      .getByRole('link', { name: /Flat 3B/ })
      .getByText('You owe Ann Lee $30.50')
      .waitFor();
    const after = await apiCall<GroupBody>(server, 'GET', `/groups/${flat.id}`, {
      token: eve.token,
    });
    expect(after.members.map((m) => [m.name, m.guest])).toEqual([
      ['Ann Lee', false],
      ['Eve Stone', false],
    ]);
    await e.context.close();
    await a.context.close();
  });

  it('merges a guest into a member, adding up their balances', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const trip = await createGroup(server, ann, 'Porto weekend', [bea]);
    const withGuest = await apiCall<GroupBody>(server, 'POST', `/groups/${trip.id}/guests`, {
      token: ann.token,
      body: { name: 'B. Costa' },
    });
    const guestId = withGuest.members.find((m) => m.guest)?.id ?? 0;
    await expense(ann, trip.id, 'Hotel', 90, ann.id, [ann.id, bea.id, guestId]);
    await expense(ann, trip.id, 'Taxi', 20, guestId, [ann.id, guestId]);

    const a = await openAs(browser, server, ann, `/app/group/${trip.id}`, { phone: true });
    // Bea owes 30; the guest owes 30 − 10 = 20.
    expect(await balanceLines(a.page)).toEqual([
      'B Bea Costa owes you $30.00',
      'B B. Costa owes you $20.00',
    ]);
    await a.page.getByRole('link', { name: 'Group settings' }).click();
    await a.page.getByRole('button', { name: 'Merge B. Costa into…' }).click();
    const modal = dialog(a.page, 'Merge B. Costa');
    await modal.getByText('This cannot be undone.', { exact: false }).waitFor();
    await modal.getByRole('button', { name: 'Merge', exact: true }).click();
    await modal.getByText('Please choose the member to merge into.').waitFor();
    // Only accounts are offered.
    expect(await modal.getByLabel('Merge into').locator('option').allInnerTexts()).toEqual([
      'Choose a member',
      'Ann Lee',
      'Bea Costa',
    ]);
    await modal.getByLabel('Merge into').selectOption({ label: 'Bea Costa' });
    await modal.getByRole('button', { name: 'Merge into Bea Costa' }).click();
    await seeText(a.page, 'B. Costa merged into Bea Costa');
    const members = a.page.getByRole('region', { name: 'Members' });
    await members.getByText('B. Costa').first().waitFor({ state: 'detached' });
    await a.page.getByRole('link', { name: 'Back' }).click();
    await a.page.getByText('Bea Costa owes you $50.00', { exact: true }).waitFor();
    await a.page.getByText('B. Costa owes you').waitFor({ state: 'detached' });
    expect(await balanceLines(a.page)).toEqual(['B Bea Costa owes you $50.00']);
    await a.context.close();
  });
});
