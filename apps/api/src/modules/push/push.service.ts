// PushService: devices' Web Push subscriptions, and notifications sent to them (RFC 8030 with
// VAPID, RFC 8292; payloads encrypted with aes128gcm, RFC 8291) through the web-push package.
import webpush from 'web-push';
import type { RequestOptions } from 'web-push';
import type { VapidKeyPair } from '../../config/push-config.js';
import type { Db } from '../../db/database.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { ConflictError } from '../../errors/app-errors.js';
import { EndpointRefusedError } from './endpoint-policy.js';
import type { PushSubscriptionRow } from './push.repository.js';
import {
  deleteExpired,
  deleteOwnSubscription,
  markDelivered,
  markFailed,
  subscriptionsOf,
  trimSubscriptions,
  upsertSubscription,
  usersWithSubscriptions,
} from './push.repository.js';
import type { PushResponse, TransportOptions } from './push-transport.js';
import { sendPushRequest } from './push-transport.js';

/** What a notification shows; `url` is opened (same origin) when it is clicked. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the web app such as `/app/groups/7`, or an absolute URL on APP_URL's origin. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag?: string;
}

export const PUSH_ENDPOINT_TAKEN =
  'This push endpoint belongs to another account. Turn push notifications off and on again on this device.';

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What became of one `notify` call (for the caller's logs and tests). */
export interface PushOutcome {
  delivered: number;
  /** Subscriptions deleted: the push service said 404/410, or the endpoint is refused. */
  removed: number;
  failed: number;
}

/** How long a push service keeps a message for a device that is offline, in seconds. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Devices per person: the oldest go beyond this (each notification is one request each). */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
const SEND_TIMEOUT_MS = 10_000;
const MAX_TITLE = 120;
const MAX_BODY = 600;
const MAX_URL = 1000;
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

/**
 * The app's path for the service worker to open (`/app/...`, without BASE_PATH): a path as it
 * is, a link under `appUrl` without its prefix; anything else becomes the app's home.
 */
export function appPath(url: string, appUrl: string): string {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
    return url.length <= MAX_URL ? url : '/app';
  }
  try {
    const parsed = new URL(url);
    const app = new URL(appUrl);
    const base = app.pathname.replace(/\/+$/, '');
    const under = parsed.pathname === base || parsed.pathname.startsWith(`${base}/`);
    if (parsed.origin === app.origin && under) {
      const path = (parsed.pathname.slice(base.length) || '/') + parsed.search + parsed.hash;
      return path.length <= MAX_URL ? path : '/app';
    }
  } catch {
    // Not a URL: fall through.
  }
  return '/app';
}

export class PushService {
  private readonly transport: TransportOptions;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly vapid: VapidKeyPair,
    /** Tests replace the sender; production sends through push-transport.ts. */
    private readonly send: (
      details: webpush.RequestDetails,
      options: TransportOptions,
    ) => Promise<PushResponse> = sendPushRequest,
  ) {
    this.transport = {
      allowPrivate: deps.config.push.allowPrivateEndpoints,
      timeoutMs: SEND_TIMEOUT_MS,
    };
  }

  /** The application server key browsers subscribe with (base64url). */
  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /**
   * Saves this device's subscription for the caller (replacing any earlier one for it); 409
   * ENDPOINT_TAKEN when another account has this endpoint with other keys.
   */
  async subscribe(
    userId: number,
    input: SubscriptionInput,
    userAgent: string | null,
  ): Promise<PushSubscriptionRow> {
    return this.deps.transaction(async (tx) => {
      const row = await upsertSubscription(tx, {
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent === null ? null : cut(userAgent, 300),
      });
      if (row === undefined) throw new ConflictError('ENDPOINT_TAKEN', PUSH_ENDPOINT_TAKEN);
      await trimSubscriptions(tx, userId, MAX_SUBSCRIPTIONS_PER_USER);
      return row;
    });
  }

  /** Forgets the caller's subscription for `endpoint`; someone else's is left alone. */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await deleteOwnSubscription(this.deps.db, userId, endpoint);
  }

  /** Which of `userIds` have a subscribed device: the notifier enqueues pushes for those only. */
  subscribedAmong(db: Db, userIds: readonly number[]): Promise<ReadonlySet<number>> {
    return usersWithSubscriptions(db, userIds);
  }

  /**
   * Sends `payload` to every device of `userId`. Never throws: failures are logged, and a
   * subscription the push service no longer knows (404/410) is deleted.
   */
  async notify(userId: number, payload: PushPayload): Promise<PushOutcome> {
    const outcome: PushOutcome = { delivered: 0, removed: 0, failed: 0 };
    try {
      const rows = await subscriptionsOf(this.deps.db, userId);
      if (rows.length === 0) return outcome;
      const message = JSON.stringify({
        title: cut(payload.title, MAX_TITLE),
        body: cut(payload.body, MAX_BODY),
        // The page to open on a click, under the app's path prefix (BASE_PATH).
        url: this.deps.config.basePath + appPath(payload.url, this.deps.config.appUrl),
        ...(payload.tag === undefined ? {} : { tag: cut(payload.tag, 64) }),
      });
      const options: RequestOptions = {
        vapidDetails: {
          subject: this.deps.config.push.vapidSubject,
          publicKey: this.vapid.publicKey,
          privateKey: this.vapid.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        // A newer message with the same topic replaces one still waiting at the push service.
        ...(payload.tag !== undefined && TOPIC.test(payload.tag) ? { topic: payload.tag } : {}),
      };
      const results = await Promise.all(rows.map((row) => this.deliver(row, message, options)));
      for (const result of results) outcome[result] += 1;
    } catch (error) {
      outcome.failed += 1;
      this.deps.logger.error({ err: error, userId }, 'push notification failed');
    }
    return outcome;
  }

  private async deliver(
    row: PushSubscriptionRow,
    message: string,
    options: RequestOptions,
  ): Promise<keyof PushOutcome> {
    const log = this.deps.logger;
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        message,
        options,
      );
      const response = await this.send(details, this.transport);
      if (response.statusCode >= 200 && response.statusCode < 300) {
        await markDelivered(this.deps.db, row.id, new Date());
        return 'delivered';
      }
      if (response.statusCode === 404 || response.statusCode === 410) {
        await deleteExpired(this.deps.db, row);
        log.info(
          { subscriptionId: row.id, userId: row.userId, statusCode: response.statusCode },
          'push subscription expired; removed',
        );
        return 'removed';
      }
      log.warn(
        { subscriptionId: row.id, statusCode: response.statusCode, answer: response.body },
        'push service refused a notification',
      );
      await this.noteFailure(row.id, `${response.statusCode} ${String(response.body)}`.trim());
      return 'failed';
    } catch (error) {
      if (error instanceof EndpointRefusedError) {
        // Saved before a policy change, or its name now resolves into a private network.
        await deleteExpired(this.deps.db, row).catch(() => undefined);
        log.warn(
          { subscriptionId: row.id, reason: error.message },
          'push endpoint refused; subscription removed',
        );
        return 'removed';
      }
      log.warn({ subscriptionId: row.id, err: error }, 'push notification not sent');
      await this.noteFailure(row.id, error instanceof Error ? error.message : String(error));
      return 'failed';
    }
  }

  /** Best effort: the failure is logged already; a lost note only leaves the admin area behind. */
  private async noteFailure(subscriptionId: number, answer: string): Promise<void> {
    await markFailed(this.deps.db, subscriptionId, new Date(), answer).catch(() => undefined);
  }
}
