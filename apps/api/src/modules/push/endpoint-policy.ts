// Which push endpoints the server will POST to. A subscription's endpoint is a URL chosen by
// whoever is signed in, so without these checks the server could be made to send requests to
// its own network (server-side request forgery). Checked twice: the URL when the subscription
// is saved (a clear 400), and every address the host name resolves to when a push is sent
// (a name may resolve elsewhere later), unless PUSH_ALLOW_PRIVATE_ENDPOINTS is on (tests).
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { LookupFunction } from 'node:net';

export const MAX_ENDPOINT_LENGTH = 2048;

export const MSG_ENDPOINT_URL = 'The endpoint must be a URL.';
export const MSG_ENDPOINT_HTTPS = 'The endpoint must be an https URL.';
export const MSG_ENDPOINT_CREDENTIALS = 'The endpoint must not contain a user name or password.';
export const MSG_ENDPOINT_PUBLIC = 'The endpoint must be the address of a public push service.';

/** Addresses that are not on the public internet (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** True for an address on the public internet (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * Null when the server may send to `endpoint`, else the sentence saying why not. Without
 * `allowPrivate`: https only, and no IP literal or name that is plainly not public (localhost,
 * a single-label intranet name). With it: also private addresses, and plain http on loopback.
 */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return MSG_ENDPOINT_URL;
  }
  if (url.username !== '' || url.password !== '') return MSG_ENDPOINT_CREDENTIALS;
  const host = bareHost(url.hostname).toLowerCase();
  if (url.protocol === 'http:') {
    if (!(allowPrivate && isLoopbackHost(host))) return MSG_ENDPOINT_HTTPS;
  } else if (url.protocol !== 'https:') {
    return MSG_ENDPOINT_HTTPS;
  }
  if (allowPrivate) return null;
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : MSG_ENDPOINT_PUBLIC;
  if (isLoopbackHost(host) || !host.includes('.') || host.endsWith('.local')) {
    return MSG_ENDPOINT_PUBLIC;
  }
  return null;
}

export class EndpointRefusedError extends Error {
  readonly code = 'PUSH_ENDPOINT_REFUSED';
}

/**
 * A `lookup` for http(s).request that refuses a name resolving to any address that is not
 * public, so a name that passed when the subscription was saved cannot lead into the LAN.
 */
export function publicOnlyLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      const first = addresses[0];
      if (refused !== undefined || first === undefined) {
        callback(new EndpointRefusedError(`${hostname} resolves to a non-public address`), '', 0);
        return;
      }
      if (options.all === true) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
