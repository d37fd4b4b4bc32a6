// Builds the Fastify application: plugins, the public and the protected route scopes.
// No listening and no process handling here, so tests drive it through `app.inject`.
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config.js';
import type { DatabaseHandle } from './db/database.js';
import { zodValidatorCompiler } from './http/validation.js';
import { createMailer } from './mail/mailer.js';
import type { Mailer } from './mail/mailer.js';
import { AuthService } from './modules/auth/auth.service.js';
import { protectedAuthRoutes, publicAuthRoutes } from './modules/auth/auth.routes.js';
import { JwtService, resolveJwtSecret } from './modules/auth/jwt.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { RateLimiter } from './modules/rate-limit/rate-limiter.js';
import { createAuthenticate } from './plugins/authentication.js';
import bodyParsers, { JSON_BODY_LIMIT } from './plugins/body-parsers.js';
import errorHandler from './plugins/error-handler.js';
import openapi from './plugins/openapi.js';
import requestId, { genReqId } from './plugins/request-id.js';
import security from './plugins/security.js';
import webApp from './plugins/web-app.js';

export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Tests may pass their own logger settings; defaults to pino at LOG_LEVEL. */
  logger?: boolean | { level: string };
  mailer?: Mailer;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    genReqId,
    requestIdHeader: false,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // Lets in-flight requests finish on close while idle keep-alive sockets are dropped.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger: app.log as FastifyBaseLogger,
    });
  const jwt = new JwtService(
    await resolveJwtSecret(config.jwtSecret, config.dataDir),
    config.jwtTtlSeconds,
  );
  const rateLimiter = new RateLimiter(database.db);
  const auth = new AuthService({
    db: database.db,
    jwt,
    mailer,
    logger: app.log,
    appUrl: config.appUrl,
    requireEmailVerification: config.requireEmailVerification,
  });

  await app.register(errorHandler);
  await app.register(requestId);
  await app.register(bodyParsers);
  await app.register(security, { corsOrigins: config.corsOrigins });
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_LIMIT_BYTES,
      files: 1,
      fields: 20,
      fieldSize: JSON_BODY_LIMIT,
      parts: 25,
    },
  });
  await app.register(openapi);

  // Public routes.
  await app.register(healthRoutes, { database });
  await app.register(publicAuthRoutes, { auth, rateLimiter });

  // Everything registered in this scope requires a valid bearer token.
  await app.register(async (scope) => {
    scope.addHook('onRequest', createAuthenticate(database.db, jwt));
    await scope.register(protectedAuthRoutes, { auth, rateLimiter });
  });

  await app.register(webApp, { distDir: config.webDistDir });

  app.addHook('onClose', async () => {
    if (options.mailer === undefined) mailer.close();
  });
  return app;
}
