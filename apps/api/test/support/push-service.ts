// A local Web Push service for tests: an HTTP server on 127.0.0.1 that takes the push requests
// the app sends (RFC 8030), answers with the status a test chooses per path, and keeps them.
// Beside it, a browser-side subscription (P-256 key pair and auth secret) that can decrypt an
// aes128gcm payload (RFC 8291 over RFC 8188) with node:crypto alone, independently of web-push.
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface LocalPushService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedPush[];
  /** Status answered for a path (default 201 Created, as push services answer). */
  answer: Map<string, number>;
  /** Resolves with the next request for `path` (or one already received). */
  next(path: string): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const waiting: { path: string; resolve: (p: ReceivedPush) => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push: ReceivedPush = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      received.push(push);
      for (const w of waiting.filter((x) => x.path === push.path)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(push);
      }
      response.statusCode = answer.get(push.path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer,
    next(path) {
      const done = received.find((p) => p.path === path);
      if (done !== undefined) return Promise.resolve(done);
      return new Promise((resolve) => waiting.push({ path, resolve }));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** What a browser holds for one subscription. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export function makeSubscription(endpoint: string): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
    ecdh,
    authSecret,
  };
}

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
}

/** Decrypts an `aes128gcm` push message body (one record) as the browser would. */
export function decryptPush(body: Buffer, subscription: TestSubscription): string {
  // RFC 8188 §2.1 header: salt (16) | record size (4) | key id length (1) | key id.
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  // RFC 8291 §3.3–3.4: the input keying material from ECDH and the auth secret.
  const ecdhSecret = subscription.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(subscription.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'latin1'),
    subscription.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  // RFC 8188 §2.2–2.3: content-encryption key and nonce (one record: sequence number 0).
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 followed by zero or more 0x00 of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('push record lacks the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
