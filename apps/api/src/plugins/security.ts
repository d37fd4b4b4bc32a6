// Security headers (helmet) with a strict Content-Security-Policy for the web app, and CORS
// from CORS_ORIGINS (unset = same origin only; no cookies are used, so no credentials).
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
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

async function security(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Receipts and the docs page are opened in new tabs; the strictest COEP breaks images.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: false,
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
      ],
      maxAge: 600,
    });
  }
}

export default fp(security, { name: 'security' });
