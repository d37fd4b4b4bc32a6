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
import { Authenticator } from './modules/auth/authenticator.js';
import { DatabaseListener } from './db/listener.js';
import { inTransaction } from './db/transaction.js';
import { TaggedCache } from './cache/tagged-cache.js';
import type { CachedResponse } from './http/cached-reply.js';
import { RESPONSE_CACHE_BYTES } from './http/cached-reply.js';
import { ChangePublisher } from './modules/events/change-notifier.js';
import type { ExpenseContext } from './modules/expenses/expense-context.js';
import type { Change } from './modules/events/change-notifier.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { RateLimiter } from './modules/rate-limit/rate-limiter.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { balancesRoutes } from './modules/balances/balances.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { eventsRoutes, publicEventsRoutes } from './modules/events/events.routes.js';
import { expensesRoutes } from './modules/expenses/expenses.routes.js';
import { friendshipsRoutes } from './modules/friendships/friendships.routes.js';
import { groupsRoutes } from './modules/groups/groups.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { publicReceiptsRoutes, receiptsRoutes } from './modules/receipts/receipts.routes.js';
import { receiptScanRoutes } from './modules/receipt-scan/receipt-scan.routes.js';
import { Services } from './services.js';
import { createAuthenticate } from './plugins/authentication.js';
import bodyParsers, { JSON_BODY_LIMIT } from './plugins/body-parsers.js';
import errorHandler, { handleFrameworkError } from './plugins/error-handler.js';
import openapi from './plugins/openapi.js';
import requestId, { genReqId } from './plugins/request-id.js';
import security from './plugins/security.js';
import webApp from './plugins/web-app.js';

export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

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
    frameworkErrors: handleFrameworkError,
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
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const jwt = new JwtService(jwtSecret, config.jwtTtlSeconds);
  const rateLimiter = new RateLimiter(database.db);
  const listener = new DatabaseListener(database, app.log, config.databaseUrl);
  const authenticator = new Authenticator(database.db, jwt, listener);
  const responseCache = new TaggedCache<CachedResponse>(listener, {
    maxSize: RESPONSE_CACHE_BYTES,
    sizeOf: (v) => v.body.length,
  });
  const expenseContexts = new TaggedCache<ExpenseContext>(listener, { maxEntries: 20_000 });
  const publisher = new ChangePublisher(database.db);
  /** After a commit: this process's caches first, then every process. */
  const committed = async (changes: readonly Change[]): Promise<void> => {
    responseCache.invalidateChanges(changes);
    expenseContexts.invalidateChanges(changes);
    await publisher.publish(changes);
  };
  const services = new Services({
    db: database.db,
    database,
    config,
    mailer,
    logger: app.log,
    rateLimiter,
    jwt,
    authenticator,
    listener,
    responseCache,
    expenseContexts,
    transaction: (fn) => inTransaction(database.db, fn, committed),
    committed,
    signingSecret: jwtSecret,
  });
  // Every notification handler is registered (the event hub registers when made); then listen,
  // so change events and auth-cache invalidations flow from the start.
  void services.events;
  await listener.start();
  const auth = new AuthService({
    db: database.db,
    jwt,
    mailer,
    logger: app.log,
    appUrl: config.appUrl,
    requireEmailVerification: config.requireEmailVerification,
    // Invitations to a newly verified address become friend requests (§5.7).
    onEmailVerified: (tx, user) => services.invitations.onEmailVerified(tx, user),
    onTokensRevoked: (userId) => authenticator.evictUser(userId),
    transaction: (fn) => inTransaction(database.db, fn, committed),
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
  await app.register(publicReceiptsRoutes, { services });
  await app.register(publicEventsRoutes, { services });

  // Everything registered in this scope requires a valid bearer token.
  await app.register(async (scope) => {
    scope.addHook('onRequest', createAuthenticate(authenticator));
    await scope.register(protectedAuthRoutes, { auth, rateLimiter });
    await scope.register(friendshipsRoutes, { services });
    await scope.register(groupsRoutes, { services });
    await scope.register(expensesRoutes, { services });
    await scope.register(paymentsRoutes, { services });
    await scope.register(commentsRoutes, { services });
    await scope.register(balancesRoutes, { services });
    await scope.register(activityRoutes, { services });
    await scope.register(eventsRoutes, { services });
    await scope.register(receiptsRoutes, { services });
    await scope.register(receiptScanRoutes, { services });
  });

  await app.register(webApp, { distDir: config.webDistDir });
  // The process's services, for the entry point and for tests that write behind the API's back.
  app.decorate('services', services);

  app.addHook('onClose', async () => {
    await services.close();
    await listener.close();
    if (options.mailer === undefined) mailer.close();
  });
  return app;
}
