// Web Push settings (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT,
// PUSH_ALLOW_PRIVATE_ENDPOINTS), validated at start like the rest of the configuration.
import { createECDH } from 'node:crypto';
import { ConfigError } from './config-error.js';

export interface VapidKeyPair {
  /** Uncompressed P-256 point, base64url (65 bytes → 87 characters), as web-push makes it. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes → 43 characters). */
  privateKey: string;
}

export interface PushConfig {
  /** Both VAPID variables, or null: then the pair kept in DATA_DIR/vapid.json (made once). */
  vapidKeys: VapidKeyPair | null;
  /** `mailto:` or `https:` contact sent to push services in every VAPID token. */
  vapidSubject: string;
  /**
   * PUSH_ALLOW_PRIVATE_ENDPOINTS: subscription endpoints may name loopback and private
   * addresses, and plain http on loopback. Off in production: the server POSTs to whatever
   * endpoint a signed-in person registers, so this is what keeps it from reaching the LAN.
   */
  allowPrivateEndpoints: boolean;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function base64url(name: string, value: string, bytes: number): Buffer {
  const raw = value.replace(/=+$/, '');
  const decoded = BASE64URL.test(raw) ? Buffer.from(raw, 'base64url') : Buffer.alloc(0);
  if (decoded.length !== bytes) {
    throw new ConfigError(
      name,
      `must be ${bytes} bytes in base64url (run: npx web-push generate-vapid-keys)`,
    );
  }
  return decoded;
}

/** Checks the pair the way a push service will: the public key must be the private key's. */
export function parseVapidKeys(publicKey: string, privateKey: string): VapidKeyPair {
  const pub = base64url('VAPID_PUBLIC_KEY', publicKey, 65);
  const priv = base64url('VAPID_PRIVATE_KEY', privateKey, 32);
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(priv);
  } catch {
    throw new ConfigError('VAPID_PRIVATE_KEY', 'is not a P-256 private key');
  }
  if (!ecdh.getPublicKey().equals(pub)) {
    throw new ConfigError('VAPID_PUBLIC_KEY', 'is not the public key of VAPID_PRIVATE_KEY');
  }
  return { publicKey: pub.toString('base64url'), privateKey: priv.toString('base64url') };
}

function subjectOk(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'mailto:'
      ? /^[^@\s]+@[^@\s]+$/.test(url.pathname)
      : url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `mailto:` with MAIL_FROM's address, else APP_URL when it is https. */
function defaultSubject(appUrl: string, mailFrom: string | null): string {
  const from = mailFrom ?? 'Evenly <no-reply@localhost>';
  const address = (/<([^<>]+)>/.exec(from)?.[1] ?? from).trim();
  if (/^[^@\s<>]+@[^@\s<>]+$/.test(address)) return `mailto:${address}`;
  if (appUrl.startsWith('https://')) return appUrl;
  return 'mailto:no-reply@localhost';
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

export function pushConfig(
  env: Env,
  context: { appUrl: string; mailFrom: string | null },
): PushConfig {
  const publicKey = read(env, 'VAPID_PUBLIC_KEY');
  const privateKey = read(env, 'VAPID_PRIVATE_KEY');
  if ((publicKey === null) !== (privateKey === null)) {
    const missing = publicKey === null ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    throw new ConfigError(missing, 'must be set together with the other VAPID key');
  }
  const subject = read(env, 'VAPID_SUBJECT') ?? defaultSubject(context.appUrl, context.mailFrom);
  if (!subjectOk(subject)) {
    throw new ConfigError(
      'VAPID_SUBJECT',
      `must be a mailto: address or an https: URL (got "${subject}")`,
    );
  }
  const allow = read(env, 'PUSH_ALLOW_PRIVATE_ENDPOINTS') ?? 'false';
  if (!/^(true|false|1|0|yes|no)$/i.test(allow)) {
    throw new ConfigError('PUSH_ALLOW_PRIVATE_ENDPOINTS', `must be true or false (got "${allow}")`);
  }
  return {
    vapidKeys:
      publicKey === null || privateKey === null ? null : parseVapidKeys(publicKey, privateKey),
    vapidSubject: subject,
    allowPrivateEndpoints: /^(true|1|yes)$/i.test(allow),
  };
}
