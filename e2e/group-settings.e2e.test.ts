// The group settings screen (issue #12): rename, cover emoji and colour (seen on the group card
// and header), currency, simplify debts, invite link (expiry, revoke, the join page's answers),
// removing, leaving and deleting with the server's errors.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  openAs,
  seeText,
  startAppServer,
} from './support/app';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import type { RunningServer } from './support/server';
import { lastCopied, recordCopies } from './support/clipboard';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

describe('group settings', () => {
  it('renames the group, sets its cover, locks the currency once used, toggles simplify', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const group = await createGroup(server, ann, 'Lisbon trip');
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`, {
      phone: true,
    });
    await page.getByRole('link', { name: 'Group settings' }).click();
    await page.getByRole('heading', { name: 'Group settings', level: 1 }).waitFor();

    // Name.
    const name = section(page, 'Name');
    await name.getByLabel('Group name').fill('   ');
    await name.getByRole('button', { name: 'Rename' }).click();
    await name.getByText('Group name cannot be empty.').waitFor();
    await name.getByLabel('Group name').fill('Porto trip');
    await name.getByRole('button', { name: 'Rename' }).click();
    await seeText(page, 'Group renamed');

    // Cover: a refused emoji, then one from the grid and a colour, previewed live.
    const cover = section(page, 'Cover');
    await cover.getByLabel('Or type any emoji').fill('ab');
    await cover.getByRole('button', { name: 'Save cover' }).click();
    await cover.getByText('Please choose a single emoji.').waitFor();
    await cover.getByRole('button', { name: 'Emoji 🏖️' }).click();
    expect(await cover.getByLabel('Or type any emoji').inputValue()).toBe('🏖️');
    await cover.getByRole('radio', { name: 'Teal' }).click();
    const preview = cover.getByTestId('group-cover');
    expect(await preview.innerText()).toBe('🏖️');
    expect(await preview.getAttribute('data-cover-color')).toBe('teal');
    await cover.getByRole('button', { name: 'Save cover' }).click();
    await seeText(page, 'Cover saved');
    const saved = await apiCall<{ name: string; coverEmoji: string; coverColor: string }>(
      server,
      'GET',
      `/groups/${group.id}`,
      { token: ann.token },
    );
    expect(saved).toMatchObject({ name: 'Porto trip', coverEmoji: '🏖️', coverColor: 'teal' });

    // Simplify debts.
    const simplify = page.getByRole('switch', { name: /Simplify debts/ });
    expect(await simplify.isChecked()).toBe(false);
    await page.getByText('Simplify debts', { exact: true }).click();
    await page.getByRole('switch', { name: /Simplify debts/, checked: true }).waitFor();

    // The card on the groups list and the group header show the cover.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Groups' })
      .click();
    const card = page.getByRole('link', { name: /Porto trip/ });
    const cardCover = card.getByTestId('group-cover');
    await cardCover.waitFor();
    expect(await cardCover.innerText()).toBe('🏖️');
    expect(await cardCover.getAttribute('class')).toContain('bg-teal-700');
    await card.click();
    await page.getByRole('heading', { name: 'Porto trip', level: 1 }).waitFor();
    expect(await page.getByRole('main').getByTestId('group-cover').innerText()).toBe('🏖️');

    // Without an emoji the initials stand on the colour.
    await page.getByRole('link', { name: 'Group settings' }).click();
    await section(page, 'Cover').getByRole('button', { name: 'No emoji' }).click();
    await section(page, 'Cover').getByRole('radio', { name: 'Indigo' }).click();
    await section(page, 'Cover').getByRole('button', { name: 'Save cover' }).click();
    await seeText(page, 'Cover saved');
    await page.getByRole('link', { name: 'Back' }).click();
    const header = page.getByRole('main').getByTestId('group-cover');
    await header.waitFor();
    // The first save's toast may still be up, so the second save can still be on its way.
    await expect.poll(() => header.innerText(), { timeout: 10_000 }).toBe('PT');
    expect(await header.getAttribute('data-cover-color')).toBe('indigo');

    // The currency can change while the group is empty, and not after its first expense.
    await addEqualExpense(server, ann, group.id, 'Taxi', 10, [ann]);
    await page.getByRole('link', { name: 'Group settings' }).click();
    await section(page, 'Currency').getByRole('button', { name: 'Currency settings' }).click();
    const currency = dialog(page, 'Group currency');
    await currency
      .getByText('The currency can only be changed while the group has no expenses or payments.')
      .waitFor();
    await currency.getByRole('button', { name: 'Done' }).click();
    await context.close();
  });

  it('creates an expiring invite link, revokes it, and the link then says so', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    const group = await createGroup(server, ann, 'Flat 3B');
    const { page, context } = await openAs(
      browser,
      server,
      ann,
      `/app/groups/${group.id}/settings`,
      {
        phone: true,
      },
    );
    const invite = section(page, 'Invite link');
    await invite.getByLabel('Link expires').selectOption({ label: '7 days' });
    await invite.getByRole('button', { name: 'Create invite link' }).click();
    await seeText(page, 'Invite link created');
    const url = await invite.getByRole('textbox', { name: 'Invite link' }).inputValue();
    await invite.getByText(/^Expires on /).waitFor();
    const link = await apiCall<{ inviteLink: { url: string; expiresAt: string } }>(
      server,
      'GET',
      `/groups/${group.id}/invite-link`,
      { token: ann.token },
    );
    expect(link.inviteLink.url).toBe(url);
    const days = (Date.parse(link.inviteLink.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    // Copy puts it on the clipboard and says so.
    await context.grantPermissions(['clipboard-write'], { origin: server.baseUrl });
    await recordCopies(page);
    await invite.getByRole('button', { name: 'Copy' }).click();
    await invite.getByRole('status').getByText('Copied').waitFor();
    expect(await lastCopied(page)).toBe(url);

    // A member opening the link is told so.
    await page.goto(url);
    await page.getByRole('heading', { name: "You're already in Flat 3B" }).waitFor();
    await page.getByRole('link', { name: 'Open group' }).click();
    await page.waitForURL(`**/app/group/${group.id}`);

    // Revoke (after a confirmation).
    await page.goto(`${server.baseUrl}/app/groups/${group.id}/settings`);
    await invite.getByRole('button', { name: 'Revoke link' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke invite link' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await seeText(page, 'Invite link revoked');
    await invite.getByRole('button', { name: 'Create invite link' }).waitFor();

    // Signed in or not, the old link now only explains itself.
    const b = await openAs(browser, server, bea, new URL(url).pathname, { phone: true });
    await b.page.getByText('This invite link is invalid or has been revoked.').waitFor();
    // Signed in, the way on is to one's groups (issue #31 point 3); signed out, the home page.
    await b.page.getByRole('link', { name: 'Go to your groups' }).waitFor();
    const anon = await browser.newContext({ viewport: PHONE_VIEWPORT, serviceWorkers: 'block' });
    const anonPage = await anon.newPage();
    await anonPage.goto(url);
    await anonPage.getByText('This invite link is invalid or has been revoked.').waitFor();
    await anon.close();
    await b.context.close();
    await context.close();
  });

  it('adds friends and removes members, and leaves and deletes only when settled', async () => {
    const [ann, bea, carl] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
      createUser(server, 'Carl Diaz'),
    ]);
    await befriend(server, ann, bea);
    await befriend(server, ann, carl);
    const group = await createGroup(server, ann, 'Book club', [bea]);
    await addEqualExpense(server, ann, group.id, 'Books', 20, [ann, bea]);

    // Bea (not the creator): no Remove, no Delete; leaving is refused while she owes.
    const b = await openAs(browser, server, bea, `/app/groups/${group.id}/settings`, {
      phone: true,
    });
    const bMembers = section(b.page, 'Members');
    await bMembers.getByText('Ann Lee').waitFor();
    expect(await bMembers.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    const bDanger = section(b.page, 'Leave or delete');
    expect(await bDanger.getByRole('button', { name: 'Delete Group' }).count()).toBe(0);
    await bDanger.getByRole('button', { name: 'Leave group' }).click();
    await b.page
      .getByRole('alertdialog', { name: 'Leave group' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await bDanger
      .getByRole('alert')
      .getByText('You can’t leave a group while you have an outstanding balance in it.')
      .waitFor();

    // Ann: add Carl (a friend), fail to remove Bea or delete while Bea owes.
    const a = await openAs(browser, server, ann, `/app/groups/${group.id}/settings`, {
      phone: true,
    });
    const members = section(a.page, 'Members');
    await members.getByRole('button', { name: 'Add friends' }).click();
    const add = dialog(a.page, 'Add Member');
    await add.getByText('Carl Diaz').click();
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await seeText(a.page, 'Member added successfully!');
    await members.getByText('Carl Diaz').waitFor();

    await members.getByRole('button', { name: 'Remove Bea Costa' }).click();
    await a.page
      .getByRole('alertdialog', { name: 'Remove member' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await members
      .getByRole('alert')
      .getByText('Bea Costa still has an outstanding balance in this group.')
      .waitFor();
    const danger = section(a.page, 'Leave or delete');
    await danger.getByRole('button', { name: 'Delete Group' }).click();
    await a.page
      .getByRole('alertdialog', { name: 'Delete group' })
      .getByRole('button', { name: 'Delete Group' })
      .click();
    await danger
      .getByRole('alert')
      .getByText('This group still has outstanding balances. Settle up before deleting it.')
      .waitFor();

    // Carl (settled) can be removed.
    await members.getByRole('button', { name: 'Remove Carl Diaz' }).click();
    await a.page
      .getByRole('alertdialog', { name: 'Remove member' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await seeText(a.page, 'Carl Diaz removed');
    await members.getByText('Carl Diaz').waitFor({ state: 'detached' });

    // Once Bea has paid, she can leave, and Ann can then delete the group.
    await apiCall(server, 'POST', '/payments', {
      token: bea.token,
      body: { paidToUserId: ann.id, amount: 10, groupId: group.id },
    });
    await bDanger.getByRole('button', { name: 'Leave group' }).click();
    await b.page
      .getByRole('alertdialog', { name: 'Leave group' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await b.page.waitForURL('**/app/groups');
    await seeText(b.page, 'Left group');

    await a.page.reload();
    await members.getByText('Bea Costa').waitFor({ state: 'detached' });
    await danger.getByRole('button', { name: 'Delete Group' }).click();
    await a.page
      .getByRole('alertdialog', { name: 'Delete group' })
      .getByRole('button', { name: 'Delete Group' })
      .click();
    await a.page.waitForURL('**/app/groups');
    await seeText(a.page, 'Group deleted');
    await seeText(a.page, 'No groups yet');
    await b.context.close();
    await a.context.close();
  });
});
