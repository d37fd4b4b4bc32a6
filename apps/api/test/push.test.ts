// Web Push (issue #11 point 5) through the real HTTP stack, with a local push service that
// decrypts what the app sends: subscriptions (one per device), encrypted payloads signed with
// the VAPID key, expired subscriptions removed, and the VAPID key pair kept across restarts.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../src/db/schema.js';
import { MSG_ENDPOINT_HTTPS, MSG_ENDPOINT_PUBLIC } from '../src/modules/push/endpoint-policy.js';
import { MSG_AUTH, MSG_ENDPOINT_REQUIRED, MSG_P256DH } from '../src/modules/push/push.routes.js';
import { PUSH_TTL_SECONDS } from '../src/modules/push/push.service.js';
import type { TestUser } from './support/fixtures.js';
import { createUsers } from './support/fixtures.js';
import type { LocalPushService, TestSubscription } from './support/push-service.js';
import { decryptPush, makeSubscription, startPushService } from './support/push-service.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
let pushService: LocalPushService;
let ann: TestUser;
let bea: TestUser;

beforeAll(async () => {
  pushService = await startPushService();
  // The local push service listens on loopback over plain http: allowed only with this flag.
  ctx = await createTestContext({
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    VAPID_SUBJECT: 'mailto:admin@evenly.test',
  });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});
beforeEach(async () => {
  await ctx.reset();
  pushService.received.length = 0;
  pushService.answer.clear();
  [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
});

let deviceCount = 0;
function newDevice(): TestSubscription {
  deviceCount += 1;
  return makeSubscription(`${pushService.origin}/push/device-${deviceCount}`);
}

async function subscribe(user: TestUser, sub: { endpoint: string; keys: object }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...user.auth, 'user-agent': 'TestBrowser/1.0' },
    payload: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
  });
}

async function rows() {
  return ctx.database.handle.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id);
}

function pathOf(sub: TestSubscription): string {
  return new URL(sub.endpoint).pathname;
}

describe('public key', () => {
  it('needs sign-in and gives the VAPID public key kept in DATA_DIR/vapid.json', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(
      401,
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/push/public-key',
      headers: ann.auth,
    });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(ctx.dataDir, 'vapid.json');
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string };
    expect(kept.publicKey).toBe(publicKey);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});

describe('subscriptions', () => {
  it('saves one row per device: subscribing the same endpoint again replaces it', async () => {
    const device = newDevice();
    const first = await subscribe(ann, device);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ endpoint: device.endpoint, lastSuccessAt: null });
    // The browser renewed its keys for the same endpoint.
    const renewed = { ...makeSubscription(device.endpoint) };
    expect((await subscribe(ann, renewed)).statusCode).toBe(201);
    const saved = await rows();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      userId: ann.id,
      endpoint: device.endpoint,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
      userAgent: 'TestBrowser/1.0',
    });
    // Bea signs in on the same device and subscribes: the device now notifies her only.
    expect((await subscribe(bea, renewed)).statusCode).toBe(201);
    expect((await rows()).map((r) => r.userId)).toEqual([bea.id]);
  });

  it('another account naming a saved endpoint with other keys takes nothing over: 409', async () => {
    const device = newDevice();
    expect((await subscribe(ann, device)).statusCode).toBe(201);
    const saved = await rows();
    // Bea learned the endpoint (not the browser's keys) and sends it with keys of her own.
    const forged = makeSubscription(device.endpoint);
    const res = await subscribe(bea, forged);
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toMatchObject({
      code: 'ENDPOINT_TAKEN',
      message:
        'This push endpoint belongs to another account. Turn push notifications off and on again on this device.',
    });
    expect(await rows()).toEqual(saved);
    // Ann's notifications still reach her device, decrypted with her keys.
    expect(
      await ctx.app.services.push.notify(ann.id, { title: 't', body: 'b', url: '/app' }),
    ).toEqual({ delivered: 1, removed: 0, failed: 0 });
    expect(
      await ctx.app.services.push.notify(bea.id, { title: 't', body: 'b', url: '/app' }),
    ).toEqual({ delivered: 0, removed: 0, failed: 0 });
  });

  it('requires sign-in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: newDevice(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('deletes only the caller’s own subscription', async () => {
    const annDevice = newDevice();
    const beaDevice = newDevice();
    await subscribe(ann, annDevice);
    await subscribe(bea, beaDevice);
    // Bea names Ann's endpoint: nothing of Ann's goes.
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: bea.auth,
      payload: { endpoint: annDevice.endpoint },
    });
    expect(foreign.statusCode).toBe(204);
    expect((await rows()).map((r) => r.userId).sort()).toEqual([ann.id, bea.id].sort());
    const own = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: ann.auth,
      payload: { endpoint: annDevice.endpoint },
    });
    expect(own.statusCode).toBe(204);
    expect((await rows()).map((r) => r.endpoint)).toEqual([beaDevice.endpoint]);
    // Nothing is sent to the unsubscribed device.
    expect(
      await ctx.app.services.push.notify(ann.id, { title: 't', body: 'b', url: '/app' }),
    ).toEqual({ delivered: 0, removed: 0, failed: 0 });
    expect(pushService.received).toHaveLength(0);
  });

  it('refuses a delete that names no endpoint', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: ann.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).message).toBe(MSG_ENDPOINT_REQUIRED);
  });

  it.each([
    ['no endpoint', { keys: newKeys() }, 'endpoint', MSG_ENDPOINT_REQUIRED],
    ['a number as endpoint', { endpoint: 5, keys: newKeys() }, 'endpoint', MSG_ENDPOINT_REQUIRED],
    [
      'not a URL',
      { endpoint: 'push me', keys: newKeys() },
      'endpoint',
      'The endpoint must be a URL.',
    ],
    [
      'plain http to a public host',
      { endpoint: 'http://push.example.com/x', keys: newKeys() },
      'endpoint',
      MSG_ENDPOINT_HTTPS,
    ],
    [
      'another scheme',
      { endpoint: 'ftp://push.example.com/x', keys: newKeys() },
      'endpoint',
      MSG_ENDPOINT_HTTPS,
    ],
    [
      'a p256dh key of the wrong length',
      { endpoint: 'https://push.example.com/x', keys: { ...newKeys(), p256dh: 'AAAA' } },
      'keys.p256dh',
      MSG_P256DH,
    ],
    [
      'a p256dh key that is not a curve point',
      {
        endpoint: 'https://push.example.com/x',
        keys: { ...newKeys(), p256dh: Buffer.alloc(65, 4).toString('base64url') },
      },
      'keys.p256dh',
      MSG_P256DH,
    ],
    [
      'an auth secret of the wrong length',
      { endpoint: 'https://push.example.com/x', keys: { ...newKeys(), auth: 'AAAA' } },
      'keys.auth',
      MSG_AUTH,
    ],
    [
      'an auth secret that is not base64url',
      { endpoint: 'https://push.example.com/x', keys: { ...newKeys(), auth: 'a/b+c'.repeat(4) } },
      'keys.auth',
      MSG_AUTH,
    ],
  ])('refuses %s with a 400 naming the field', async (_name, payload, field, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: ann.auth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    const body = errorBody(res);
    expect(body.message).toBe(message);
    expect(body.details?.[0]).toEqual({ field, message });
    expect(await rows()).toHaveLength(0);
  });
});

function newKeys() {
  return makeSubscription('https://unused.example').keys;
}

describe('notify', () => {
  it('sends the payload encrypted to every device of the person, signed with the VAPID key', async () => {
    const phone = newDevice();
    const laptop = newDevice();
    await subscribe(ann, phone);
    await subscribe(ann, laptop);
    await subscribe(bea, newDevice());
    const payload = {
      title: 'Bea added “Rent” — €1,200.00',
      body: 'Flat 3B · your share €600.00',
      url: '/app/groups/7',
      tag: 'expense-42',
    };
    const outcome = await ctx.app.services.push.notify(ann.id, payload);
    expect(outcome).toEqual({ delivered: 2, removed: 0, failed: 0 });
    // Bea's device got nothing.
    expect(pushService.received.map((p) => p.path).sort()).toEqual(
      [pathOf(phone), pathOf(laptop)].sort(),
    );

    const publicKey = (
      await ctx.app.inject({ method: 'GET', url: '/api/push/public-key', headers: ann.auth })
    ).json<{ publicKey: string }>().publicKey;
    for (const device of [phone, laptop]) {
      const push = await pushService.next(pathOf(device));
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers['ttl']).toBe(String(PUSH_TTL_SECONDS));
      expect(push.headers['urgency']).toBe('normal');
      expect(push.headers['topic']).toBe('expense-42');
      expect(JSON.parse(decryptPush(push.body, device))).toEqual(payload);
      // The body is not readable without the device's private key.
      expect(push.body.includes(Buffer.from('Rent'))).toBe(false);

      // RFC 8292: Authorization: vapid t=<ES256 JWT>, k=<the public key browsers subscribed with>.
      const match = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '');
      expect(match?.[2]).toBe(publicKey);
      const point = Buffer.from(publicKey, 'base64url');
      const key = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33).toString('base64url'),
        },
        'ES256',
      );
      const token = match?.[1] ?? '';
      expect(decodeProtectedHeader(token).alg).toBe('ES256');
      const { payload: claims } = await jwtVerify(token, key, {
        audience: pushService.origin,
        subject: 'mailto:admin@evenly.test',
      });
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    }
    const annRows = (await rows()).filter((r) => r.userId === ann.id);
    expect(annRows.every((r) => r.lastSuccessAt instanceof Date)).toBe(true);
  });

  it('keeps the url on the app’s origin: another site becomes the app’s home', async () => {
    const device = newDevice();
    await subscribe(ann, device);
    await ctx.app.services.push.notify(ann.id, {
      title: 'x',
      body: 'y',
      url: 'https://evil.example/phish',
    });
    const push = await pushService.next(pathOf(device));
    expect(JSON.parse(decryptPush(push.body, device))).toEqual({
      title: 'x',
      body: 'y',
      url: '/app',
    });
  });

  it.each([404, 410])(
    'removes a subscription the push service answers %i for, and keeps the others',
    async (status) => {
      const gone = newDevice();
      const alive = newDevice();
      await subscribe(ann, gone);
      await subscribe(ann, alive);
      pushService.answer.set(pathOf(gone), status);
      const outcome = await ctx.app.services.push.notify(ann.id, {
        title: 'Hello',
        body: 'again',
        url: '/app',
      });
      expect(outcome).toEqual({ delivered: 1, removed: 1, failed: 0 });
      expect((await rows()).map((r) => r.endpoint)).toEqual([alive.endpoint]);
    },
  );

  it('never throws: a failing or unreachable push service leaves the subscription in place', async () => {
    const failing = newDevice();
    await subscribe(ann, failing);
    pushService.answer.set(pathOf(failing), 500);
    // A port nobody listens on (the push service's own, after it is closed, would race).
    const closed = await startPushService();
    const unreachable = makeSubscription(`${closed.origin}/push/unreachable`);
    await closed.close();
    await subscribe(ann, unreachable);
    const outcome = await ctx.app.services.push.notify(ann.id, {
      title: 'Hello',
      body: 'there',
      url: '/app',
    });
    expect(outcome).toEqual({ delivered: 0, removed: 0, failed: 2 });
    expect(await rows()).toHaveLength(2);
    expect((await rows()).every((r) => r.lastSuccessAt === null)).toBe(true);
    // Each failure is kept with the push service's answer or the error, for the admin area.
    const byEndpoint = new Map((await rows()).map((r) => [r.endpoint, r]));
    expect(byEndpoint.get(failing.endpoint)?.lastFailure).toMatch(/^500\b/);
    expect(byEndpoint.get(unreachable.endpoint)?.lastFailure).toMatch(/ECONNREFUSED|connect/i);
    expect([...byEndpoint.values()].every((r) => r.lastFailureAt !== null)).toBe(true);
  });

  it('deletes a subscription whose endpoint the policy now refuses, without sending', async () => {
    // Saved behind the API's back (e.g. before a policy change): an http URL to another host.
    await ctx.database.handle.db.insert(pushSubscriptions).values({
      userId: ann.id,
      endpoint: 'http://push.example.com/old',
      ...newKeys(),
    });
    const outcome = await ctx.app.services.push.notify(ann.id, {
      title: 'a',
      body: 'b',
      url: '/app',
    });
    expect(outcome).toEqual({ delivered: 0, removed: 1, failed: 0 });
    expect(
      await ctx.database.handle.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, ann.id)),
    ).toHaveLength(0);
  });
});

describe('VAPID keys and endpoint policy without the test flag', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evenly-vapid-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function publicKeyOf(other: TestContext): Promise<string> {
    const [user] = (await createUsers(other, 'Cid')) as [TestUser];
    const res = await other.app.inject({
      method: 'GET',
      url: '/api/push/public-key',
      headers: user.auth,
    });
    return res.json<{ publicKey: string }>().publicKey;
  }

  it('generates the pair once and serves the same one after a restart on the same DATA_DIR', async () => {
    const first = await createTestContext({ DATA_DIR: dataDir });
    let key: string;
    try {
      key = await publicKeyOf(first);
      // In production (no PUSH_ALLOW_PRIVATE_ENDPOINTS) loopback and private endpoints are refused.
      const [user] = (await createUsers(first, 'Dee')) as [TestUser];
      for (const [endpoint, message] of [
        [`${pushService.origin}/push/x`, MSG_ENDPOINT_HTTPS],
        ['https://127.0.0.1:8443/push', MSG_ENDPOINT_PUBLIC],
        ['https://10.1.2.3/push', MSG_ENDPOINT_PUBLIC],
        ['https://[::ffff:192.168.0.1]/push', MSG_ENDPOINT_PUBLIC],
        ['https://localhost/push', MSG_ENDPOINT_PUBLIC],
        ['https://intranet/push', MSG_ENDPOINT_PUBLIC],
      ] as const) {
        const res = await first.app.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: user.auth,
          payload: { endpoint, keys: newKeys() },
        });
        expect(res.statusCode, endpoint).toBe(400);
        expect(errorBody(res).message).toBe(message);
      }
    } finally {
      await first.close();
    }
    const again = await createTestContext({ DATA_DIR: dataDir });
    try {
      expect(await publicKeyOf(again)).toBe(key);
    } finally {
      await again.close();
    }
  });

  it('uses VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', async () => {
    const webpush = (await import('web-push')).default;
    const pair = webpush.generateVAPIDKeys();
    const configured = await createTestContext({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
    });
    try {
      expect(await publicKeyOf(configured)).toBe(pair.publicKey);
    } finally {
      await configured.close();
    }
  });
});
