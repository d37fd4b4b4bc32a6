// Profile through the real HTTP stack (API plan §B): name, picture (resized with sharp, served
// through signed links), and the e-mail change confirmed through the mailed link.
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { statementRecorder } from './support/query-log.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup } from './support/fixtures.js';
import { multipart } from './support/ledger.js';
import { caller, makeUsers } from './support/social.js';
import { linkFromMail, tokenFromLink } from './support/smtp-sink.js';

let ctx: TestContext;
const recorder = statementRecorder();
beforeAll(async () => {
  ctx = await createTestContext({}, { onQuery: recorder.onQuery });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

interface Me {
  id: number;
  name: string;
  email: string;
  emailVerified: boolean;
  avatarUrl: string | null;
  pendingEmail: string | null;
}

async function me(user: TestUser): Promise<Me> {
  const res = await caller(ctx, user)('GET', '/api/auth/me');
  expect(res.statusCode).toBe(200);
  return res.json<Me>();
}

async function image(format: 'jpeg' | 'png', width = 640, height = 480): Promise<Buffer> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  });
  return format === 'jpeg' ? base.jpeg().toBuffer() : base.png().toBuffer();
}

function upload(user: TestUser, bytes: Buffer, name = 'file', filename = 'me.jpg') {
  const form = multipart([
    { name, value: bytes, filename, contentType: 'application/octet-stream' },
  ]);
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/auth/me/avatar',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}

describe('GET /api/auth/me', () => {
  it('reads the person and their pending address in one statement; an expired link is no change', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const change = await caller(ctx, ann)('POST', '/api/auth/change-email', {
      newEmail: 'ann.new@example.org',
      currentPassword: 'secret123',
    });
    expect(change.statusCode).toBe(202);
    await me(ann);

    const { result: seen, statements } = await recorder.during(() => me(ann), ctx.app.jobWorker);
    expect(seen).toMatchObject({ email: 'ann@example.com', pendingEmail: 'ann.new@example.org' });
    expect(statements).toHaveLength(1);

    await ctx.database.handle.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 minute'
           where purpose = 'change_email'`,
    );
    expect((await me(ann)).pendingEmail).toBeNull();
  });
});

describe('PATCH /api/auth/me', () => {
  it('changes the name, trimmed, and checks it', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const as = caller(ctx, ann);
    const res = await as('PATCH', '/api/auth/me', { name: '  Annie  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Me>()).toMatchObject({
      name: 'Annie',
      email: 'ann@example.com',
      avatarUrl: null,
      pendingEmail: null,
    });
    expect((await me(ann)).name).toBe('Annie');
    const blank = await as('PATCH', '/api/auth/me', { name: '   ' });
    expect(errorBody(blank)).toMatchObject({ status: 400, message: 'Please enter your name.' });
    const long = await as('PATCH', '/api/auth/me', { name: 'x'.repeat(101) });
    expect(errorBody(long).message).toBe('Name must be at most 100 characters.');
    const wrongType = await as('PATCH', '/api/auth/me', { name: 5 });
    expect(errorBody(wrongType).message).toBe('Please enter your name.');
    // The home currency still works alongside.
    const currency = await as('PATCH', '/api/auth/me', { homeCurrency: 'EUR' });
    expect(currency.json<{ homeCurrency: string; name: string }>()).toMatchObject({
      homeCurrency: 'EUR',
      name: 'Annie',
    });
  });
});

describe('profile picture', () => {
  it('stores an uploaded JPEG as a 256×256 WebP served through its signed link', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const res = await upload(ann, await image('jpeg'));
    expect(res.statusCode).toBe(200);
    const url = res.json<Me>().avatarUrl;
    expect(url).toMatch(new RegExp(`^/api/users/${ann.id}/avatar\\?v=1&sig=[\\w-]{22}$`));
    expect((await me(ann)).avatarUrl).toBe(url);

    // Public: no token needed; the signature is the credential.
    const pic = await ctx.app.inject({ method: 'GET', url: url ?? '' });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/webp');
    expect(pic.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(pic.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    // A bad signature, another user's id or a made-up version: 404.
    const bad = await ctx.app.inject({
      method: 'GET',
      url: (url ?? '').replace(/sig=./, 'sig=_'),
    });
    expect(errorBody(bad)).toMatchObject({ status: 404, message: 'Picture not found.' });
    const other = await ctx.app.inject({
      method: 'GET',
      url: (url ?? '').replace(`/users/${ann.id}/`, `/users/${ann.id + 1}/`),
    });
    expect(other.statusCode).toBe(404);
    const noSig = await ctx.app.inject({ method: 'GET', url: `/api/users/${ann.id}/avatar?v=1` });
    expect(noSig.statusCode).toBe(404);
  });

  it('replaces the picture: a PNG, the old link stops working; delete gives initials', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const first = (await upload(ann, await image('jpeg'))).json<Me>().avatarUrl ?? '';
    const second = await upload(ann, await image('png', 300, 900), 'file', 'me.png');
    expect(second.statusCode).toBe(200);
    const url = second.json<Me>().avatarUrl ?? '';
    expect(url).toContain('v=2');
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const pic = await ctx.app.inject({ method: 'GET', url });
    expect(pic.statusCode).toBe(200);
    expect(await sharp(pic.rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });

    const removed = await caller(ctx, ann)('DELETE', '/api/auth/me/avatar');
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Me>().avatarUrl).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Removing again is harmless.
    expect((await caller(ctx, ann)('DELETE', '/api/auth/me/avatar')).statusCode).toBe(200);
  });

  it('refuses what is not an image, a missing file, a file past 5 MB and JSON bodies', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const notImage = await upload(ann, Buffer.from('%PDF-1.7 not a picture'));
    expect(errorBody(notImage)).toMatchObject({
      status: 400,
      message: 'Please choose an image file (JPEG, PNG, WebP or HEIC).',
    });
    const wrongField = await upload(ann, await image('jpeg'), 'picture');
    expect(wrongField.statusCode).toBe(400);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const tooLarge = await upload(ann, big);
    expect(errorBody(tooLarge)).toMatchObject({
      status: 413,
      message: 'The file is too large. The maximum size is 5 MB.',
    });
    const json = await caller(ctx, ann)('PUT', '/api/auth/me/avatar', { file: 'x' });
    expect(errorBody(json).status).toBe(415);
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/me/avatar',
      headers: { ...ann.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    expect((await me(ann)).avatarUrl).toBeNull();
  });

  it('shows the picture on friendships', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const url = (await upload(bob, await image('jpeg'))).json<Me>().avatarUrl;
    const link = await caller(ctx, bob)('GET', '/api/friend-link');
    const token = link.json<{ token: string }>().token;
    await caller(ctx, ann)('POST', `/api/friend-link/${token}/accept`);
    const friends = await caller(ctx, ann)('GET', '/api/friendships/friends');
    expect(friends.json<{ otherUser: { avatarUrl: string | null } }[]>()[0]?.otherUser).toEqual({
      id: bob.id,
      name: 'Bob',
      email: 'bob@example.com',
      avatarUrl: url,
    });
  });
});

describe('changing the e-mail address', () => {
  async function confirmLink(address: string): Promise<string> {
    const mail = await ctx.smtp.waitFor(address, (m) => m.raw.includes('confirm-email'));
    return tokenFromLink(linkFromMail(mail.raw, '/confirm-email'));
  }
  function confirm(token: string) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
    });
  }

  it('takes effect when the mailed link is opened; the old address is told', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const res = await caller(ctx, ann)('POST', '/api/auth/change-email', {
      newEmail: ' Ann.New@Example.org ',
      currentPassword: 'secret123',
    });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe(
      'We sent a confirmation link to ann.new@example.org. Your address changes when you open it.',
    );
    expect(await me(ann)).toMatchObject({
      email: 'ann@example.com',
      pendingEmail: 'ann.new@example.org',
    });
    const notice = await ctx.smtp.waitFor('ann@example.com');
    expect(notice.raw).toContain('ann.new@example.org');
    const token = await confirmLink('ann.new@example.org');

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toBe('Your email address is now ann.new@example.org.');
    expect(await me(ann)).toMatchObject({
      email: 'ann.new@example.org',
      emailVerified: true,
      pendingEmail: null,
    });
    // The new address signs in; the old one no longer does.
    const login = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'secret123' },
      });
    expect((await login('ann.new@example.org')).statusCode).toBe(200);
    expect((await login('ann@example.com')).statusCode).toBe(401);

    // The link works once.
    const again = await confirm(token);
    expect(errorBody(again)).toMatchObject({
      status: 400,
      code: 'INVALID_TOKEN',
      message: 'The confirmation link is invalid or has expired.',
    });
  });

  it('refuses a wrong password, the same address, a bad address and a taken one', async () => {
    const [ann] = await makeUsers(ctx, 'Ann', 'Bob');
    const as = caller(ctx, ann);
    const wrong = await as('POST', '/api/auth/change-email', {
      newEmail: 'x@example.org',
      currentPassword: 'nope-nope',
    });
    expect(errorBody(wrong)).toMatchObject({
      status: 400,
      code: 'WRONG_PASSWORD',
      message: 'Your current password is incorrect.',
    });
    const same = await as('POST', '/api/auth/change-email', {
      newEmail: 'ANN@example.com',
      currentPassword: 'secret123',
    });
    expect(errorBody(same).message).toBe('That is already your email address.');
    const invalid = await as('POST', '/api/auth/change-email', {
      newEmail: 'not-an-address',
      currentPassword: 'secret123',
    });
    expect(errorBody(invalid).message).toBe('Please enter a valid email address.');
    const taken = await as('POST', '/api/auth/change-email', {
      newEmail: 'bob@example.com',
      currentPassword: 'secret123',
    });
    expect(errorBody(taken)).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists.',
    });
    expect((await me(ann)).pendingEmail).toBeNull();
  });

  it('a newer request retires the older link; an address taken meanwhile is refused', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const as = caller(ctx, ann);
    await as('POST', '/api/auth/change-email', {
      newEmail: 'first@example.org',
      currentPassword: 'secret123',
    });
    const first = await confirmLink('first@example.org');
    await as('POST', '/api/auth/change-email', {
      newEmail: 'second@example.org',
      currentPassword: 'secret123',
    });
    const second = await confirmLink('second@example.org');
    expect((await me(ann)).pendingEmail).toBe('second@example.org');
    expect((await confirm(first)).statusCode).toBe(400);

    // Someone registers the address before the link is opened.
    await ctx.signUp('Sam', 'second@example.org');
    const res = await confirm(second);
    expect(errorBody(res)).toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
    expect((await me(ann)).email).toBe('ann@example.com');
    expect((await confirm('made-up-token')).statusCode).toBe(400);
  });

  it('makes guests added with the new address claimable by it', async () => {
    const [ann, bob] = await makeUsers(ctx, 'Ann', 'Bob');
    const db = ctx.database.handle.db;
    const groupId = await createGroup(db, bob, 'Trip');
    await db.insert(users).values({
      name: 'Annie (guest)',
      kind: 'GUEST',
      guestGroupId: groupId,
      guestEmail: 'annie@example.org',
      guestAddedById: bob.id,
    });
    // What the claimable list reads: guests whose address is the caller's verified address.
    const claimable = async () => {
      const [row] = await db.select().from(users).where(eq(users.id, ann.id));
      if (row?.email == null || row.emailVerifiedAt === null) return [];
      return db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.kind, 'GUEST'), eq(users.guestEmail, row.email)));
    };
    expect(await claimable()).toHaveLength(0);
    await caller(ctx, ann)('POST', '/api/auth/change-email', {
      newEmail: 'annie@example.org',
      currentPassword: 'secret123',
    });
    expect(await claimable()).toHaveLength(0);
    expect((await confirm(await confirmLink('annie@example.org'))).statusCode).toBe(200);
    expect(await claimable()).toHaveLength(1);
  });
});

describe('GET /api/config', () => {
  it('is public and names the defaults', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      registration: 'open',
      supportUrl: null,
      oidc: null,
      passwordSignIn: true,
    });
  });
});
