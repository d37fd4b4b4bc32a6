// Groups against the real server: create, search, filter, add members (ticked friends and by
// e-mail), leave and delete (through Group settings), and the group page's errors (spec §2
// Groups list / Group detail, §5).
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
  textGone,
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

/** Names of the group cards shown on the groups list, in order. */
async function cardNames(page: Page): Promise<string[]> {
  return await page.getByRole('main').getByRole('listitem').getByRole('heading').allInnerTexts();
}

describe('groups list', () => {
  it('creates a group after validating its name and lists it', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/groups');
    await seeText(page, 'No groups yet');
    await seeText(page, 'You are all settled up!');

    await page.getByRole('button', { name: 'Create group' }).first().click();
    const modal = dialog(page, 'Create a group');
    await modal.getByRole('button', { name: 'Create Group', exact: true }).click();
    await modal.getByText('Group name cannot be empty.').waitFor();
    await modal.getByLabel('Group name').fill('   ');
    await modal.getByRole('button', { name: 'Create Group', exact: true }).click();
    await modal.getByText('Group name cannot be empty.').waitFor();
    await modal.getByLabel('Group name').fill('  Lisbon trip ');
    await modal.getByRole('button', { name: 'Create Group', exact: true }).click();

    await page.waitForURL(/\/app\/group\/\d+$/);
    await page.getByRole('heading', { name: 'Lisbon trip', level: 1 }).waitFor();
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByText('Ann Lee (You)').waitFor();
    await seeText(page, 'Everyone is settled up within this group.');
    await seeText(page, 'No expenses or payments yet.');
    // The group page keeps the daily actions: leaving and deleting are in Group settings only.
    expect(await page.getByRole('button', { name: 'Leave group' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Group' }).count()).toBe(0);
    // The creator may delete the group there.
    await page.getByRole('link', { name: 'Group settings' }).click();
    const danger = page.getByRole('region', { name: 'Leave or delete' });
    await danger.getByRole('button', { name: 'Leave group' }).waitFor();
    expect(await danger.getByRole('button', { name: 'Delete Group' }).count()).toBe(1);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Groups' })
      .click();
    await page
      .getByRole('link', { name: /Lisbon trip/ })
      .getByText('Settled up')
      .waitFor();
    expect(await cardNames(page)).toEqual(['Lisbon trip']);
    await context.close();
  });

  it('shows balances on the cards, searches by name and filters by balance', async () => {
    const [ann, bea, carl, dora] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
      createUser(server, 'Carl Diaz'),
      createUser(server, 'Dora Kim'),
    ]);
    for (const friend of [bea, carl, dora]) await befriend(server, ann, friend);
    const lisbon = await createGroup(server, ann, 'Lisbon trip', [bea, carl, dora]);
    await addEqualExpense(server, ann, lisbon.id, 'Apartment', 120, [ann, bea, carl, dora]);
    const flat = await createGroup(server, ann, 'Flat 3B', [bea]);
    await addEqualExpense(server, bea, flat.id, 'Rent', 60, [ann, bea]);
    await createGroup(server, ann, 'Book club', [carl]);

    const { page, context } = await openAs(browser, server, ann, '/app/groups');
    const lisbonCard = page.getByRole('link', { name: /Lisbon trip/ });
    await lisbonCard.getByText('Plus 1 more balance').waitFor();
    expect(await lisbonCard.getByRole('listitem').allInnerTexts()).toEqual([
      'Bea Costa owes you $30.00',
      'Carl Diaz owes you $30.00',
      'Plus 1 more balance',
    ]);
    await lisbonCard.getByText('you are owed').waitFor();
    await lisbonCard.getByText('$90.00').waitFor();
    const flatCard = page.getByRole('link', { name: /Flat 3B/ });
    await flatCard.getByText('You owe Bea Costa $30.00').waitFor();
    await flatCard.getByText('you owe', { exact: true }).waitFor();
    await page
      .getByRole('link', { name: /Book club/ })
      .getByText('Settled up')
      .waitFor();
    await seeText(page, 'Overall, you are owed $60.00');

    // Search.
    await page.getByRole('button', { name: 'Search groups' }).click();
    const search = page.getByPlaceholder('Search groups...');
    await search.fill('LIS');
    await textGone(page, 'Flat 3B');
    expect(await cardNames(page)).toEqual(['Lisbon trip']);
    await search.fill('zzz');
    await seeText(page, 'No groups match your search.');
    await page.getByRole('button', { name: 'Search groups' }).click();
    await page.getByRole('link', { name: /Book club/ }).waitFor();
    expect(await cardNames(page)).toHaveLength(3);

    // Filter sheet.
    const chooseFilter = async (label: string) => {
      await page.getByRole('button', { name: 'Filter groups' }).click();
      const sheet = dialog(page, 'Set filter');
      const options = (await sheet.getByRole('button').allInnerTexts()).map((t) => t.trim());
      expect(options.filter(Boolean)).toEqual([
        'None',
        'Groups with outstanding balances',
        'Group balances you owe',
        'Group balances you are owed',
        'Cancel',
      ]);
      await sheet.getByRole('button', { name: label, exact: true }).click();
      await sheet.waitFor({ state: 'detached' });
    };
    await chooseFilter('Group balances you owe');
    await textGone(page, 'Lisbon trip');
    expect(await cardNames(page)).toEqual(['Flat 3B']);
    await seeText(page, 'Filter: Group balances you owe');
    await chooseFilter('Group balances you are owed');
    await textGone(page, 'Flat 3B');
    expect(await cardNames(page)).toEqual(['Lisbon trip']);
    await chooseFilter('Groups with outstanding balances');
    await page.getByRole('link', { name: /Flat 3B/ }).waitFor();
    expect((await cardNames(page)).sort()).toEqual(['Flat 3B', 'Lisbon trip']);
    // Cancel leaves the filter as it was.
    await page.getByRole('button', { name: 'Filter groups' }).click();
    await dialog(page, 'Set filter').getByRole('button', { name: 'Cancel' }).click();
    expect((await cardNames(page)).sort()).toEqual(['Flat 3B', 'Lisbon trip']);
    await chooseFilter('None');
    await page.getByRole('link', { name: /Book club/ }).waitFor();
    await context.close();

    // Dora only owes: the "you are owed" filter leaves nothing.
    const d = await openAs(browser, server, dora, '/app/groups');
    await d.page.getByRole('link', { name: /Lisbon trip/ }).waitFor();
    await d.page.getByRole('button', { name: 'Filter groups' }).click();
    await dialog(d.page, 'Set filter')
      .getByRole('button', { name: 'Group balances you are owed' })
      .click();
    await seeText(d.page, 'No groups match the current filter.');
    await d.context.close();
  });
});

describe('group members', () => {
  it('adds ticked friends and a friend by e-mail, with the add-member validation', async () => {
    const [ann, bea, carl, dora, eve] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
      createUser(server, 'Carl Diaz'),
      createUser(server, 'Dora Kim'),
      createUser(server, 'Eve Stranger'),
    ]);
    for (const friend of [bea, carl, dora]) await befriend(server, ann, friend);
    const group = await createGroup(server, ann, 'Lisbon trip');
    const { page, context } = await openAs(browser, server, ann, `/app/group/${group.id}`);
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByText('Ann Lee (You)').waitFor();

    await page.getByRole('button', { name: '+ Add Member' }).click();
    let modal = dialog(page, 'Add Member');
    await modal.getByRole('checkbox', { name: /Dora Kim/ }).waitFor();
    expect(await modal.getByRole('checkbox').count()).toBe(3);
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await modal.getByText('Please select at least one friend from the list.').waitFor();

    // Ticking a friend disables the e-mail input, and typing an e-mail disables the list.
    const email = modal.getByLabel('Add by e-mail');
    await modal.getByRole('checkbox', { name: /Bea Costa/ }).check();
    expect(await email.isDisabled()).toBe(true);
    await modal.getByRole('checkbox', { name: /Bea Costa/ }).uncheck();
    expect(await email.isDisabled()).toBe(false);
    await email.fill('no-at-sign');
    expect(await modal.getByRole('checkbox', { name: /Bea Costa/ }).isDisabled()).toBe(true);
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await modal.getByText('Please enter a valid email address.').waitFor();
    await email.fill('');

    await modal.getByRole('checkbox', { name: /Bea Costa/ }).check();
    await modal.getByRole('checkbox', { name: /Carl Diaz/ }).check();
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await seeText(page, 'Member added successfully!');
    await modal.waitFor({ state: 'detached' });
    await members.getByText('Bea Costa').waitFor();
    await members.getByText('Carl Diaz').waitFor();

    // By e-mail: an existing user who is not a friend is refused with the server's message.
    await page.getByRole('button', { name: '+ Add Member' }).click();
    modal = dialog(page, 'Add Member');
    await modal.getByRole('checkbox', { name: /Dora Kim/ }).waitFor();
    expect(await modal.getByRole('checkbox').count()).toBe(1);
    await modal.getByLabel('Add by e-mail').fill(eve.email);
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await modal
      .getByText('You can only add your friends. Send them a friend request first.')
      .waitFor();
    await modal.getByLabel('Add by e-mail').fill(dora.email);
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await seeText(page, 'Member added successfully!');
    await members.getByText('Dora Kim').waitFor();

    // Everyone is in; an unknown address gets an invitation instead.
    await page.getByRole('button', { name: '+ Add Member' }).click();
    modal = dialog(page, 'Add Member');
    await modal.getByText('All your friends are already members.').waitFor();
    const stranger = `invitee.${Date.now()}@example.com`;
    await modal.getByLabel('Add by e-mail').fill(stranger);
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await seeText(page, `Invitation sent to ${stranger}.`);

    const g = await apiCall<{ members: { id: number }[] }>(server, 'GET', `/groups/${group.id}`, {
      token: ann.token,
    });
    expect(g.members.map((m) => m.id)).toEqual([ann.id, bea.id, carl.id, dora.id]);
    await context.close();
  });

  it('lets a member leave once settled, and shows Delete Group to the creator only', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Lisbon trip', [bea]);
    await addEqualExpense(server, ann, group.id, 'Dinner', 40, [ann, bea]);

    const a = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await a.page.getByRole('region', { name: 'Members' }).getByText('Bea Costa').waitFor();
    const b = await openAs(browser, server, bea, `/app/group/${group.id}`);
    await b.page.getByRole('heading', { name: 'Lisbon trip', level: 1 }).waitFor();
    // Leaving is in Group settings (the gear on the group page).
    await b.page.getByRole('link', { name: 'Group settings' }).click();
    const bDanger = b.page.getByRole('region', { name: 'Leave or delete' });
    await bDanger.getByRole('button', { name: 'Leave group' }).waitFor();
    expect(await bDanger.getByRole('button', { name: 'Delete Group' }).count()).toBe(0);

    await bDanger.getByRole('button', { name: 'Leave group' }).click();
    let confirm = b.page.getByRole('alertdialog', { name: 'Leave group' });
    await confirm.getByText('Leave "Lisbon trip"? You will lose access to its expenses.').waitFor();
    await confirm.getByRole('button', { name: 'Leave' }).click();
    // Refused: Group settings shows the server's reason and stays where it is.
    await bDanger
      .getByRole('alert')
      .getByText('You can’t leave a group while you have an outstanding balance in it.')
      .waitFor();
    expect(new URL(b.page.url()).pathname).toBe(`/app/groups/${group.id}/settings`);

    // Back on the group page, Bea's payment shows up without a reload; then she can leave.
    await b.page.getByRole('link', { name: 'Back' }).click();
    await b.page.getByText('you owe Ann Lee').waitFor();
    await apiCall(server, 'POST', '/payments', {
      body: { paidToUserId: ann.id, amount: 20, groupId: group.id },
      token: bea.token,
    });
    await b.page.getByText('Everyone is settled up within this group.').waitFor();
    await b.page.getByRole('link', { name: 'Group settings' }).click();
    await bDanger.getByRole('button', { name: 'Leave group' }).click();
    confirm = b.page.getByRole('alertdialog', { name: 'Leave group' });
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await seeText(b.page, 'Left group');
    await b.page.waitForURL('**/app/groups');
    await seeText(b.page, 'No groups yet');

    // Ann's open page drops Bea from the members without a reload.
    await a.page
      .getByRole('region', { name: 'Members' })
      .getByText('Bea Costa')
      .waitFor({ state: 'detached' });
    await a.context.close();
    await b.context.close();
  });

  it('deletes a group as its creator once everyone is settled', async () => {
    const [ann, bea] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Bea Costa'),
    ]);
    await befriend(server, ann, bea);
    const group = await createGroup(server, ann, 'Old flat', [bea]);
    await addEqualExpense(server, bea, group.id, 'Paint', 50, [ann, bea]);

    const b = await openAs(browser, server, bea, `/app/group/${group.id}`);
    await b.page.getByRole('heading', { name: 'Old flat', level: 1 }).waitFor();
    const a = await openAs(browser, server, ann, `/app/group/${group.id}`);
    await a.page.getByText('you owe Bea Costa').waitFor();
    // Deleting is in Group settings (the gear on the group page).
    await a.page.getByRole('link', { name: 'Group settings' }).click();
    const danger = a.page.getByRole('region', { name: 'Leave or delete' });
    await danger.getByRole('button', { name: 'Delete Group' }).click();
    let confirm = a.page.getByRole('alertdialog', { name: 'Delete group' });
    await confirm
      .getByText('Delete "Old flat" with all its expenses and payments? This cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete Group' }).click();
    // Refused: Group settings shows the server's reason and stays where it is.
    await danger
      .getByRole('alert')
      .getByText('This group still has outstanding balances. Settle up before deleting it.')
      .waitFor();
    expect(new URL(a.page.url()).pathname).toBe(`/app/groups/${group.id}/settings`);

    // Back on the group page, Ann's payment shows up without a reload; then she can delete.
    await a.page.getByRole('link', { name: 'Back' }).click();
    await a.page.getByText('you owe Bea Costa').waitFor();
    await apiCall(server, 'POST', '/payments', {
      body: { paidToUserId: bea.id, amount: 25, groupId: group.id },
      token: ann.token,
    });
    await a.page.getByText('Everyone is settled up within this group.').waitFor();
    await a.page.getByRole('link', { name: 'Group settings' }).click();
    await danger.getByRole('button', { name: 'Delete Group' }).click();
    confirm = a.page.getByRole('alertdialog', { name: 'Delete group' });
    await confirm.getByRole('button', { name: 'Delete Group' }).click();
    await seeText(a.page, 'Group deleted');
    await a.page.waitForURL('**/app/groups');
    await seeText(a.page, 'No groups yet');

    // Bea had the group open: it reports that the group is gone.
    await seeText(b.page, 'Error: Group not found.');
    await a.context.close();
    await b.context.close();
  });

  it('shows the server message to a non-member and for an unknown group', async () => {
    const [ann, eve] = await Promise.all([
      createUser(server, 'Ann Lee'),
      createUser(server, 'Eve Stranger'),
    ]);
    const group = await createGroup(server, ann, 'Private');
    const { page, context } = await openAs(browser, server, eve, `/app/group/${group.id}`);
    await seeText(page, 'Error: You are not a member of this group.');
    await page.goto(`${server.baseUrl}/app/group/999999`);
    await seeText(page, 'Error: Group not found.');
    await context.close();
  });
});
