// Friends page against the real server: requests sent, accepted, rejected, cancelled, friends
// removed, with two users in two browser contexts (spec §2 Friends page, §4, §8).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEqualExpense,
  apiCall,
  befriend,
  createGroup,
  createUser,
  dialog,
  openAs,
  PASSWORD,
  seeText,
  startAppServer,
} from './support/app';
import { launchBrowser } from './support/browser';
import { waitForMailMatch } from './support/outbox';
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

const region = (name: string) => ({ name, exact: true });

describe('friend requests', () => {
  it('sends a request that the other user accepts; both then see each other as friends', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    const a = await openAs(browser, server, ann, '/app/friends');
    const b = await openAs(browser, server, bea, '/app/friends');
    await seeText(a.page, 'No friends yet. Add one by e-mail above.');
    await seeText(b.page, 'No incoming requests.');

    await a.page.getByLabel('Add Friend by e-mail').fill(bea.email);
    await a.page.getByRole('button', { name: 'Add Friend', exact: true }).click();
    await seeText(a.page, 'Friend request sent!');
    expect(await a.page.getByLabel('Add Friend by e-mail').inputValue()).toBe('');
    const outgoing = a.page.getByRole('region', region('Outgoing Requests'));
    await outgoing.getByText('Bea Costa').waitFor();
    await outgoing.getByText(bea.email).waitFor();

    // Bea's page shows the request without a reload (live events).
    const incoming = b.page.getByRole('region', region('Incoming Requests'));
    await incoming.getByText('Ann Lee').waitFor();
    await incoming.getByText(ann.email).waitFor();
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await seeText(b.page, 'Friend request accepted!');
    await seeText(b.page, 'No incoming requests.');
    const beaFriends = b.page.getByRole('region', region('Your friends'));
    await beaFriends.getByText('Ann Lee').waitFor();
    await beaFriends.getByText('Settled up').waitFor();

    const annFriends = a.page.getByRole('region', region('Your friends'));
    await annFriends.getByText('Bea Costa').waitFor();
    await seeText(a.page, 'No outgoing requests.');
    // The initial-letter avatar.
    expect(await annFriends.getByText('B', { exact: true }).count()).toBe(1);
    await a.context.close();
    await b.context.close();
  });

  it('lets the recipient reject a request and the sender ask again', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await apiCall(server, 'POST', '/friendships/requests', {
      body: { recipientEmail: bea.email },
      token: ann.token,
    });
    const b = await openAs(browser, server, bea, '/app/friends');
    const incoming = b.page.getByRole('region', region('Incoming Requests'));
    await incoming.getByText('Ann Lee').waitFor();
    await incoming.getByRole('button', { name: 'Reject' }).click();
    await seeText(b.page, 'Friend request rejected.');
    await seeText(b.page, 'No incoming requests.');
    await seeText(b.page, 'No friends yet. Add one by e-mail above.');

    const a = await openAs(browser, server, ann, '/app/friends');
    await seeText(a.page, 'No outgoing requests.');
    // A rejected request is gone: Ann may send a new one.
    await a.page.getByLabel('Add Friend by e-mail').fill(bea.email);
    await a.page.getByRole('button', { name: 'Add Friend', exact: true }).click();
    await seeText(a.page, 'Friend request sent!');
    await a.page.getByRole('region', region('Outgoing Requests')).getByText('Bea Costa').waitFor();
    await a.context.close();
    await b.context.close();
  });

  it('lets the sender cancel an outgoing request', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await apiCall(server, 'POST', '/friendships/requests', {
      body: { recipientEmail: bea.email },
      token: ann.token,
    });
    const b = await openAs(browser, server, bea, '/app/friends');
    await b.page.getByRole('region', region('Incoming Requests')).getByText('Ann Lee').waitFor();

    const a = await openAs(browser, server, ann, '/app/friends');
    const outgoing = a.page.getByRole('region', region('Outgoing Requests'));
    await outgoing.getByText('Bea Costa').waitFor();
    await outgoing.getByRole('button', { name: 'Cancel' }).click();
    await seeText(a.page, 'Friend request cancelled.');
    await seeText(a.page, 'No outgoing requests.');
    // The recipient's incoming list empties by itself.
    await seeText(b.page, 'No incoming requests.');
    expect(
      await apiCall<unknown[]>(server, 'GET', '/friendships/requests/incoming', {
        token: bea.token,
      }),
    ).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('validates the e-mail and shows the server messages for self, duplicates and strangers', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    const { page, context } = await openAs(browser, server, ann, '/app/friends');
    const input = page.getByLabel('Add Friend by e-mail');
    const send = page.getByRole('button', { name: 'Add Friend', exact: true });

    await send.click();
    await seeText(page, 'Please enter a valid email address.');
    await input.fill('not-an-address');
    await send.click();
    await seeText(page, 'Please enter a valid email address.');
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.fill(ann.email);
    await send.click();
    await seeText(page, 'You cannot send a friend request to yourself.');

    await input.fill(bea.email);
    await send.click();
    await seeText(page, 'You are already friends with Bea Costa.');

    // Nobody has this address: an invitation is mailed instead (202).
    const stranger = `nobody.${Date.now()}@example.com`;
    await input.fill(stranger);
    await send.click();
    await seeText(
      page,
      `Invitation sent to ${stranger}. They will get your request after signing up.`,
    );
    await seeText(page, 'No outgoing requests.');
    await context.close();
  });
});

describe('friend list', () => {
  it('shows balances, refuses to remove a friend with a balance, then removes after settling', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const bea = await createUser(server, 'Bea Costa');
    await befriend(server, ann, bea);
    await addEqualExpense(server, ann, null, 'Taxi', 30, [ann, bea]);

    const { page, context } = await openAs(browser, server, ann, '/app/friends');
    const friends = page.getByRole('region', region('Your friends'));
    await friends.getByText('owes you', { exact: true }).waitFor();
    await friends.getByText('$15.00').first().waitFor();
    await friends.getByText('Outside groups: owes you $15.00').waitFor();
    await seeText(page, 'Overall, you are owed $15.00');

    await friends.getByRole('button', { name: 'Remove Bea Costa' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove friend' });
    await confirm.getByText('Remove Bea Costa from your friends?').waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await seeText(
      page,
      'Failed to remove friend: You still have an outstanding balance with Bea Costa.',
    );
    await friends.getByText('Bea Costa').waitFor();

    // Bea sees her side of the same balance.
    const b = await openAs(browser, server, bea, '/app/friends');
    const beaFriends = b.page.getByRole('region', region('Your friends'));
    await beaFriends.getByText('you owe', { exact: true }).waitFor();
    await beaFriends.getByText('Outside groups: you owe $15.00').waitFor();
    await seeText(b.page, 'Overall, you owe $15.00');
    await b.context.close();

    await apiCall(server, 'POST', '/payments', {
      body: { paidToUserId: ann.id, amount: 15 },
      token: bea.token,
    });
    await friends.getByText('Settled up').waitFor();
    await seeText(page, 'You are all settled up!');
    await friends.getByRole('button', { name: 'Remove Bea Costa' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove friend' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await seeText(page, 'Removed Bea Costa.');
    await seeText(page, 'No friends yet. Add one by e-mail above.');
    await context.close();
  });
});

describe('invitations', () => {
  it('invites an unknown address as friend and to a group; the new user signs up and joins both', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const group = await createGroup(server, ann, 'Lisbon trip');
    const newcomer = `newcomer.${Date.now()}@example.com`;
    const a = await openAs(browser, server, ann, '/app/friends');
    await a.page.getByLabel('Add Friend by e-mail').fill(newcomer);
    await a.page.getByRole('button', { name: 'Add Friend', exact: true }).click();
    await seeText(
      a.page,
      `Invitation sent to ${newcomer}. They will get your request after signing up.`,
    );
    await a.page.goto(`${server.baseUrl}/app/group/${group.id}`);
    await a.page.getByRole('button', { name: '+ Add Member' }).click();
    const modal = dialog(a.page, 'Add Member');
    await modal.getByLabel('Add by e-mail').fill(newcomer);
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await seeText(a.page, `Invitation sent to ${newcomer}.`);

    const link = await waitForMailMatch(
      server.outboxDir,
      newcomer,
      /https?:\/\/[^\s"'<>]*\/register\?email=[^\s"'<>]+/,
    );
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(newcomer);
    await page.getByLabel('Name').fill('Nina New');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await seeText(page, 'Registration successful! Please check your email to verify your account.');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email').fill(newcomer);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await seeText(page, 'No groups yet');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Friends' })
      .click();
    const incoming = page.getByRole('region', region('Incoming Requests'));
    await incoming.getByText('Ann Lee').waitFor();
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await seeText(page, 'Friend request accepted!');
    // Accepting completes the group invitation too.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Groups' })
      .click();
    await page.getByRole('link', { name: /Lisbon trip/ }).waitFor();
    // Ann's open group page shows the new member.
    await a.page.getByRole('region', { name: 'Members' }).getByText('Nina New').waitFor();
    await context.close();
    await a.context.close();
  });
});
