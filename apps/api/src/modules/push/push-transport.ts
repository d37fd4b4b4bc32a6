// Sends one push request that web-push prepared (encrypted body, VAPID and encoding headers).
// Our own request rather than web-push's sendNotification: every name is resolved through the
// public-only lookup, plain http reaches a loopback test service when allowed, no redirect is
// followed, and the whole exchange has a deadline.
import http from 'node:http';
import https from 'node:https';
import type { RequestDetails } from 'web-push';
import { endpointProblem, EndpointRefusedError, publicOnlyLookup } from './endpoint-policy.js';

export interface PushResponse {
  statusCode: number;
  /** The push service's answer, cut to a few hundred characters (for logs). */
  body: string;
}

export interface TransportOptions {
  allowPrivate: boolean;
  /** Deadline for connecting, sending and reading the answer, in milliseconds. */
  timeoutMs: number;
}

const MAX_LOGGED_BODY = 512;

export function sendPushRequest(
  details: RequestDetails,
  options: TransportOptions,
): Promise<PushResponse> {
  const problem = endpointProblem(details.endpoint, options.allowPrivate);
  if (problem !== null) return Promise.reject(new EndpointRefusedError(problem));
  const url = new URL(details.endpoint);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise<PushResponse>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        lookup: publicOnlyLookup(options.allowPrivate),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < MAX_LOGGED_BODY) body += chunk;
        });
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? 0, body: body.slice(0, MAX_LOGGED_BODY) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
