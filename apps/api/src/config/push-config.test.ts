import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const pair = webpush.generateVAPIDKeys();
const other = webpush.generateVAPIDKeys();

describe('push configuration', () => {
  it('defaults: generated keys, subject from MAIL_FROM, private endpoints refused', () => {
    const config = loadConfig({ MAIL_FROM: 'Evenly <hello@evenly.example>' });
    expect(config.push).toEqual({
      vapidKeys: null,
      vapidSubject: 'mailto:hello@evenly.example',
      allowPrivateEndpoints: false,
    });
    expect(loadConfig({}).push.vapidSubject).toBe('mailto:no-reply@localhost');
    expect(
      loadConfig({ MAIL_FROM: 'nobody', APP_URL: 'https://evenly.example' }).push.vapidSubject,
    ).toBe('https://evenly.example');
  });

  it('takes a matching key pair', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
    });
    expect(config.push.vapidKeys).toEqual(pair);
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: pair.publicKey }, /VAPID_PRIVATE_KEY must be set together/],
    [{ VAPID_PRIVATE_KEY: pair.privateKey }, /VAPID_PUBLIC_KEY must be set together/],
    [
      { VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey },
      /VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY/,
    ],
    [
      { VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey },
      /VAPID_PUBLIC_KEY must be 65 bytes/,
    ],
    [
      { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'a+b/' },
      /VAPID_PRIVATE_KEY must be 32 bytes/,
    ],
    [
      { VAPID_SUBJECT: 'http://evenly.example' },
      /VAPID_SUBJECT must be a mailto: address or an https: URL/,
    ],
    [{ VAPID_SUBJECT: 'mailto:nobody' }, /VAPID_SUBJECT must be/],
    [
      { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'maybe' },
      /PUSH_ALLOW_PRIVATE_ENDPOINTS must be true or false/,
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
