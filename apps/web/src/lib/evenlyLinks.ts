// Recognising Evenly invite and friend links (scanned or pasted) and safe "way back" paths.
import { invitePath } from '@evenly/core';

/**
 * The in-app path of an Evenly group invite (`/join/{token}`) or friend link
 * (`/add-friend/{token}`) in `text` — a full URL on any origin and under any path prefix, or a
 * bare path — or null for
 * anything else.
 */
export function evenlyLinkPath(text: string, origin: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A bare word ("hello") resolves to {origin}/hello; only real links and paths count.
  if (!/^https?:\/\//i.test(trimmed) && !trimmed.startsWith('/')) return null;
  // Any path prefix: a server may serve Evenly under one (BASE_PATH, e.g. /evenly/join/…).
  const match = /^(?:\/[^/]+)*?\/(join|add-friend)\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  const [, kind, rawToken] = match;
  if (kind === undefined || rawToken === undefined) return null;
  let token: string;
  try {
    token = decodeURIComponent(rawToken);
  } catch {
    return null;
  }
  return invitePath(`/${kind}/${token}`);
}

/**
 * `next` when it is a path on this site (the way back after signing in), else null: absolute
 * URLs, protocol-relative `//host` and backslash tricks are refused.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  try {
    const url = new URL(next, origin);
    if (url.origin !== new URL(origin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The invite or friend-link token of a `next` path, for registering on an invite-only server. */
export function inviteTokenOf(path: string | null): string | null {
  if (!path) return null;
  const match = /^\/(?:join|add-friend)\/([A-Za-z0-9_-]+)/.exec(path);
  return match?.[1] ?? null;
}
