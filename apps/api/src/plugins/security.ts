// Security headers (helmet) with a strict Content-Security-Policy for the web app, and CORS
// from CORS_ORIGINS (unset = same origin only; no cookies are used, so no credentials).
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  corsOrigins: string[] | null;
}

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  // Tailwind ships one stylesheet; inline style attributes set through the CSSOM are allowed by CSP.
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Receipts and the docs page are opened in new tabs; the strictest COEP breaks images.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // Sent per request instead (STRICT_TRANSPORT_SECURITY): only a response over https may carry it.
  strictTransportSecurity: false,
};

/**
 * HSTS for responses to requests that came over https, directly (a TLS socket) or through a
 * trusted proxy (TRUST_PROXY and X-Forwarded-Proto). Never over plain http (RFC 6797 §7.2): an
 * install reached over http, or behind a proxy we do not trust, has not shown it serves https.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets, worked out once: helmet's middleware is run against a response that
 * records them. The set is the same for every response, so each request copies a ready object
 * instead of re-running helmet (which re-parses its options on every call).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error !== undefined && error !== null) throw error;
    },
  );
  return Object.fromEntries(headers);
}

async function security(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const headers = helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    if (request.protocol === 'https') {
      void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    done();
  });

  if (options.corsOrigins !== null) {
    const anyOrigin = options.corsOrigins.includes('*');
    await app.register(cors, {
      origin: anyOrigin ? '*' : options.corsOrigins,
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Last-Event-ID'],
      exposedHeaders: [
        'Retry-After',
        'X-Next-Cursor',
        'Link',
        'Idempotent-Replayed',
        'X-Request-Id',
        'Mail-Ticket',
      ],
      maxAge: 600,
    });
  }
}

export default fp(security, { name: 'security' });
