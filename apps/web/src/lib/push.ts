// Web Push on this device: ask for permission, subscribe through the service worker with the
// server's VAPID public key, and tell the server (POST /api/push/subscriptions); or undo it.
// The server keeps one subscription per device (its endpoint), so sending it again is harmless.
import { api, apiCall } from '../api/client';
import type { PushPublicKey } from '../api/types';

/** What this device can do about push notifications right now. */
export type PushDeviceState =
  /** No Push API here (e.g. iOS Safari outside an installed app), or no service worker. */
  | 'unsupported'
  /** The person blocked notifications for this site in the browser. */
  | 'denied'
  | 'off'
  | 'on';

/** How long to wait for the service worker to become active before giving up, in ms. */
const WORKER_WAIT_MS = 5000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The active service worker's registration, or null when there is none (dev server). */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  if ((await navigator.serviceWorker.getRegistration()) === undefined) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (a === null || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function publicKey(): Promise<Uint8Array<ArrayBuffer>> {
  const body = await api<PushPublicKey>('/push/public-key', {
    defaultMessage: 'Could not reach the server for push notifications.',
  });
  return base64UrlToBytes(body.publicKey);
}

async function sendToServer(subscription: PushSubscription): Promise<void> {
  await apiCall('/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
    defaultMessage: 'Could not turn on push notifications.',
  });
}

/** The state of this device, without asking anything. */
export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await activeRegistration();
  if (registration === null) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  return subscription !== null && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Sends this device's existing subscription to the server again (it may have been removed
 * there, or belong to whoever signed in before). Does nothing when push is off here.
 */
export async function resyncPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const registration = await activeRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await sendToServer(subscription);
}

/** Asks for permission, subscribes this device and registers it with the server. */
export async function enablePush(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await activeRegistration();
  if (registration === null) return 'unsupported';
  const key = await publicKey();
  let subscription = await registration.pushManager.getSubscription();
  // Made with another server key (the server's VAPID pair changed): it can never be used.
  if (subscription !== null && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await sendToServer(subscription);
  return 'on';
}

/** Stops push notifications to this device: on the server, then in the browser. */
export async function disablePush(): Promise<PushDeviceState> {
  const registration = await activeRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await apiCall('/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      defaultMessage: 'Could not turn off push notifications.',
    });
    await subscription.unsubscribe();
  }
  return pushSupported() && Notification.permission === 'denied' ? 'denied' : 'off';
}

/**
 * On sign-out: drops this device's subscription in the browser only (the token is going
 * away). The push service then answers 404/410 for it and the server deletes its row.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  try {
    const registration = pushSupported()
      ? await navigator.serviceWorker.getRegistration()
      : undefined;
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to undo here.
  }
}
