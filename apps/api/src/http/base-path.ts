// Serving under a path prefix (BASE_PATH, e.g. /evenly behind a reverse proxy that passes the
// prefix through). Routes stay registered at their own paths (/api/..., the web app's files):
// Fastify's rewriteUrl takes the prefix off each request before routing, so no route, hook or
// plugin needs to know it. A request outside the prefix is routed to a path no route has; the
// not-found handler (plugins/web-app.ts) then answers it (a redirect from / to the prefix, else 404).
import type { IncomingMessage } from 'node:http';

/** Where requests outside the prefix are routed: no route starts with it. */
export const OUTSIDE_BASE_PATH = '/-outside-base-path';

/** The request's path within `basePath`, or null when the request is outside it. */
export function pathWithin(basePath: string, url: string): string | null {
  if (basePath === '') return url;
  if (!url.startsWith(basePath)) return null;
  const rest = url.slice(basePath.length);
  if (rest === '' || rest.startsWith('?')) return `/${rest}`;
  return rest.startsWith('/') ? rest : null;
}

/** Fastify's `rewriteUrl` for `basePath`, or undefined at the root (nothing to rewrite). */
export function baseRewriter(basePath: string): ((request: IncomingMessage) => string) | undefined {
  if (basePath === '') return undefined;
  return (request) => {
    const url = request.url ?? '/';
    return pathWithin(basePath, url) ?? `${OUTSIDE_BASE_PATH}${url}`;
  };
}
