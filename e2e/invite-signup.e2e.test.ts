// Invites that survive sign-up (issue #31 point 3), on a phone and on a desktop: a signed-out
// visitor opens a group's invite link, creates an account, verifies the address by the mailed
// link (read from the outbox), continues to sign in and lands on the join page, which chooses
// nothing for them but proposes the guest added with their address. Also: a server that needs no
// verification, a link revoked before the first sign-in, and `next` values that lead off the site.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createGroup,
  createUser,
  PASSWORD,
  seeText,
  startAppServer,
  type TestUser,
} from './support/app';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { waitForMailLink, waitForMailMatch } from './support/outbox';
import { type RunningServer, startServer } from './support/server';

let browser: Browser;
/** REQUIRE_EMAIL_VERIFICATION=true: sign-in waits for the mailed link. */
let verifying: RunningServer;
/** The run's shared server: accounts are verified at once. */
let open: RunningServer;

beforeAll(async () => {
  [browser, verifying, open] = await Promise.all([
    launchBrowser(),
    startServer({
      requireEmailVerification: true,
      env: { TRUST_PROXY: 'true' },
      timeoutMs: 180_000,
    }),
    startAppServer({}, { timeoutMs: 180_000 }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await verifying?.stop();
  await open?.stop();
});

const VIEWPORTS = [
  { name: 'phone', viewport: PHONE_VIEWPORT, touch: true },
  { name: 'desktop', viewport: DESKTOP_VIEWPORT, touch: false },
] as const;

let sequence = 0;
function uniqueEmail(local: string): string {
  sequence += 1;
  return `${local}.${Date.now().toString(36)}.${sequence}@example.com`;
}

/** An account on the verifying server, verified through its mailed link. */
async function verifiedUser(server: RunningServer, name: string): Promise<TestUser> {
  const email = uniqueEmail(name.toLowerCase().replace(/[^a-z]+/g, '.'));
  await apiCall(server, 'POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  const link = await waitForMailLink(server.outboxDir, email, '/verify-email');
  const token = new URL(link).searchParams.get('token') ?? '';
  const verified = await fetch(`${server.baseUrl}/api/auth/verify?token=${token}`);
  expect(verified.status).toBe(200);
  const login = await apiCall<{ token: string; id: number }>(server, 'POST', '/auth/login', {
    body: { email, password: PASSWORD },
  });
  return { id: login.id, name, email, password: PASSWORD, token: login.token };
}

async function inviteLink(
  server: RunningServer,
  owner: TestUser,
  groupId: number,
): Promise<{ url: string; path: string }> {
  const link = await apiCall<{ url: string }>(server, 'POST', `/groups/${groupId}/invite-link`, {
    token: owner.token,
    body: {},
  });
  return { url: link.url, path: new URL(link.url).pathname };
}

async function addGuest(
  server: RunningServer,
  owner: TestUser,
  groupId: number,
  name: string,
  email?: string,
): Promise<void> {
  await apiCall(server, 'POST', `/groups/${groupId}/guests`, {
    token: owner.token,
    body: email === undefined ? { name } : { name, email },
  });
}

async function memberNames(server: RunningServer, owner: TestUser, groupId: number) {
  const group = await apiCall<{ members: { name: string; guest: boolean }[] }>(
    server,
    'GET',
    `/groups/${groupId}`,
    { token: owner.token },
  );
  return group.members.map((m) => `${m.name}${m.guest ? ' (guest)' : ''}`).sort();
}

/** From the signed-out join page through "Create an account" to the sign-in page it leads to. */
async function signUpFromInvite(page: Page, url: string, name: string, email: string) {
  await page.goto(url);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL((u) => u.pathname === '/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 15_000 });
}

async function signIn(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const checked = (page: Page, name: string | RegExp) =>
  page.getByRole('radio', { name }).isChecked();

describe.each(VIEWPORTS)('an invite survives sign-up ($name)', ({ viewport, touch }) => {
  const newContext = () =>
    browser.newContext({ viewport, isMobile: touch, hasTouch: touch, serviceWorkers: 'block' });

  it('through the verification mail to the join page, proposing the guest with my address', async () => {
    const ann = await verifiedUser(verifying, 'Ann Lee');
    const flat = await createGroup(verifying, ann, 'Flat 3B');
    const eveEmail = uniqueEmail('eve');
    await addGuest(verifying, ann, flat.id, 'Eve Guest', eveEmail);
    await addGuest(verifying, ann, flat.id, 'Sam Guest');
    const { url, path } = await inviteLink(verifying, ann, flat.id);

    const context = await newContext();
    const page = await context.newPage();
    await signUpFromInvite(page, url, 'Eve Stone', eveEmail);
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);

    // The mail's link carries the invite; opened (here in the same browser), then "Continue".
    const mailed = await waitForMailMatch(
      verifying.outboxDir,
      eveEmail,
      /https?:\/\/\S+\/verify-email\?token=\S+/,
    );
    expect(new URL(mailed).searchParams.get('next')).toBe(path);
    await page.goto(mailed);
    await page.getByText('Email successfully verified. You can now log in.').waitFor();
    await page.getByRole('link', { name: 'Continue to sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await signIn(page, eveEmail);

    await page.waitForURL((u) => u.pathname === path);
    await page.getByRole('heading', { name: 'Join Flat 3B' }).waitFor();
    await page.getByText('Are you one of these people?').waitFor();
    // Proposed, and labelled as such; nothing else is chosen for her.
    await expect.poll(() => checked(page, 'Eve Guest')).toBe(true);
    expect(await checked(page, 'Sam Guest')).toBe(false);
    expect(await checked(page, /None of these/)).toBe(false);
    const proposal = page.getByText('Suggested: added with your e-mail address');
    await proposal.waitFor();
    expect(
      await page.getByRole('radio', { name: 'Eve Guest' }).getAttribute('aria-describedby'),
    ).toBe(await proposal.getAttribute('id'));

    await page.getByRole('button', { name: 'Join group' }).click();
    await page.waitForURL((u) => u.pathname === `/app/group/${flat.id}`);
    await seeText(page, 'You joined Flat 3B as Eve Guest');
    expect(await memberNames(verifying, ann, flat.id)).toEqual([
      'Ann Lee',
      'Eve Stone',
      'Sam Guest (guest)',
    ]);
    await context.close();
  });

  it('without verification: lands on the join page, which asks before joining', async () => {
    const ann = await createUser(open, 'Ann Lee');
    const trip = await createGroup(open, ann, 'Lisbon trip');
    await addGuest(open, ann, trip.id, 'Sam Guest');
    const { url, path } = await inviteLink(open, ann, trip.id);

    const context = await newContext();
    const page = await context.newPage();
    const email = uniqueEmail('cleo');
    await signUpFromInvite(page, url, 'Cleo Park', email);
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await signIn(page, email);

    await page.waitForURL((u) => u.pathname === path);
    await page.getByRole('heading', { name: 'Join Lisbon trip' }).waitFor();
    expect(await checked(page, 'Sam Guest')).toBe(false);
    expect(await checked(page, /None of these/)).toBe(false);
    expect(await page.getByText('Suggested:').count()).toBe(0);

    // Join without a choice: it asks, on the first option, and nobody joins.
    await page.getByRole('button', { name: 'Join group' }).click();
    await page
      .getByRole('alert')
      .getByText('Choose whether you are one of these people, or “None of these”.')
      .waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('radio', { name: 'Sam Guest' })
          .evaluate((n) => n === document.activeElement),
      )
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await memberNames(open, ann, trip.id)).toEqual(['Ann Lee', 'Sam Guest (guest)']);

    await page.getByRole('radio', { name: /None of these/ }).check();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Join group' }).click();
    await page.waitForURL((u) => u.pathname === `/app/group/${trip.id}`);
    await seeText(page, 'You joined Lisbon trip');
    expect(await memberNames(open, ann, trip.id)).toEqual([
      'Ann Lee',
      'Cleo Park',
      'Sam Guest (guest)',
    ]);
    await context.close();
  });
});

describe('an invite that no longer works, and ways off the site', () => {
  it('a link revoked before the first sign-in: a clear message and a way home', async () => {
    const ann = await createUser(open, 'Ann Lee');
    const club = await createGroup(open, ann, 'Book club');
    const { url, path } = await inviteLink(open, ann, club.id);
    const context = await browser.newContext({
      viewport: DESKTOP_VIEWPORT,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const email = uniqueEmail('dan');
    await signUpFromInvite(page, url, 'Dan Real', email);
    await apiCall(open, 'DELETE', `/groups/${club.id}/invite-link`, { token: ann.token });
    await signIn(page, email);
    await page.waitForURL((u) => u.pathname === path);
    await page.getByText('This invite link is invalid or has been revoked.').waitFor();
    await page.getByText('Ask a member of the group for a new invite link.').waitFor();
    await page.getByRole('link', { name: 'Go to your groups' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/app'));
    expect(await memberNames(open, ann, club.id)).toEqual(['Ann Lee']);
    await context.close();
  });

  it('ignores a `next` pointing elsewhere on the verification, sign-up and sign-in pages', async () => {
    const email = uniqueEmail('vic');
    // The server drops a way back that is not an invite path: the mail's link has none.
    await apiCall(verifying, 'POST', '/auth/register', {
      body: { name: 'Vic Vale', email, password: PASSWORD, next: 'https://evil.example/' },
    });
    const mailed = await waitForMailMatch(
      verifying.outboxDir,
      email,
      /https?:\/\/\S+\/verify-email\?token=\S+/,
    );
    expect([...new URL(mailed).searchParams.keys()]).toEqual(['token']);

    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    // A doctored link: the page keeps only paths of this site.
    for (const next of [
      'https://evil.example/',
      '//evil.example/join/AbCdEfGh12',
      '/\\evil.example',
    ]) {
      await page.goto(`${mailed}&next=${encodeURIComponent(next)}`);
      await page.getByText('Email successfully verified. You can now log in.').waitFor();
      expect(
        await page.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href'),
      ).toBe('/login');
    }
    await page.goto(`${open.baseUrl}/register?next=${encodeURIComponent('https://evil.example/')}`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');

    await page.goto(`${verifying.baseUrl}/login?next=${encodeURIComponent('//evil.example/')}`);
    await signIn(page, email);
    await page.waitForURL((u) => u.pathname.startsWith('/app'));
    expect(new URL(page.url()).origin).toBe(verifying.baseUrl);
    await context.close();
  });
});
