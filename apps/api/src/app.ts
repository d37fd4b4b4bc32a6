// Builds the Fastify application: plugins, the public and the protected route scopes.
// No listening and no process handling here, so tests drive it through `app.inject`.
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler } from './http/serializer.js';
import type { AppConfig } from './config/config.js';
import type { DatabaseHandle } from './db/database.js';
import { zodValidatorCompiler } from './http/validation.js';
import { createMailer } from './mail/mailer.js';
import type { Mailer } from './mail/mailer.js';
import { AuthService } from './modules/auth/auth.service.js';
import { JwtService, resolveJwtSecret } from './modules/auth/jwt.js';
import { Authenticator } from './modules/auth/authenticator.js';
import { ApiTokenVerifier } from './modules/api-tokens/index.js';
import { ChangeFeed } from './db/change-feed.js';
import { DatabaseListener } from './db/listener.js';
import { errorCode, rootMessage } from './db/errors.js';
import { transactionRunner } from './db/transaction.js';
import { PairFolder } from './db/pair-slots.js';
import { JobQueue } from './jobs/job-queue.js';
import { JobRegistry } from './jobs/job-registry.js';
import { JobWorker } from './jobs/job-worker.js';
import type { JobWorkerOptions } from './jobs/job-worker.js';
import { RateLimiter } from './modules/rate-limit/rate-limiter.js';
import { admitRegistration } from './modules/profile/registration-policy.js';
import { resolveVapidKeys } from './modules/push/vapid-keys.js';
import type { AppServices } from './composition/app-services.js';
import type { ServiceDeps } from './composition/service-deps.js';
import { ServiceRegistry } from './composition/service-registry.js';
import { AppMetrics } from './metrics/app-metrics.js';
import metricsPlugin from './metrics/metrics.plugin.js';
import { createAuthenticate, SESSION_ONLY } from './plugins/authentication.js';
import { createRequireAdmin } from './plugins/admin-guard.js';
import { discoverModules } from './http/route-modules.js';
import { baseRewriter } from './http/base-path.js';
import type { RouteDeps } from './http/route-modules.js';
import bodyParsers, { JSON_BODY_LIMIT } from './plugins/body-parsers.js';
import compression from './plugins/compression.js';
import errorHandler, { handleFrameworkError } from './plugins/error-handler.js';
import openapi from './plugins/openapi.js';
import requestId, { genReqId } from './plugins/request-id.js';
import security from './plugins/security.js';
import webApp from './plugins/web-app.js';
import { loggerOptions, resolveLogFormat } from './logging/log-format.js';
import { TerminalRequestLog } from './logging/request-log.js';

export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every module's service, by name (composition/app-services.ts). */
    services: AppServices;
    /** The infrastructure the services share (tests write behind the API's back with it). */
    infra: ServiceDeps;
    /** This process's job worker (tests pause and drain it). */
    jobWorker: JobWorker;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Tests may pass their own logger settings; defaults to pino at LOG_LEVEL. */
  logger?: boolean | { level: string };
  mailer?: Mailer;
  /** Tests shorten the job worker's timings (backoff, lease). */
  jobs?: Partial<JobWorkerOptions>;
  /** The clock of the rate limits' windows (tests fix it so a window cannot end mid-test). */
  now?: () => Date;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Tests pass their own logger; an operator's terminal gets readable lines (LOG_FORMAT).
  const prettyLogs =
    options.logger === undefined &&
    resolveLogFormat(config.logFormat, process.stdout.isTTY === true) === 'pretty';
  const rewriteUrl = baseRewriter(config.basePath);
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, prettyLogs ? 'pretty' : 'json'),
    ...(prettyLogs ? { logController: new TerminalRequestLog() } : {}),
    genReqId,
    requestIdHeader: false,
    // BASE_PATH: the prefix comes off before routing (http/base-path.ts).
    ...(rewriteUrl === undefined ? {} : { rewriteUrl }),
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
  const vapidKeys = await resolveVapidKeys(config.push.vapidKeys, config.dataDir);
  const rateLimiter = new RateLimiter(database.db, options.now);
  const listener = new DatabaseListener(database, app.log, config.databaseUrl);
  const feed = new ChangeFeed(database.db, listener, app.log);
  const apiTokens = new ApiTokenVerifier(database.db, app.log);
  const authenticator = new Authenticator(database.db, jwt, feed, apiTokens);
  const pairs = new PairFolder(database.transaction, app.log);
  // After a commit, stamp and deliver its changes at once rather than at the next poll, and fold
  // the pair balances it spilled.
  const transaction = transactionRunner(
    database.transaction,
    (changes, spills) => {
      if (changes.length > 0) feed.kick({ stamp: true });
      if (spills.length > 0) pairs.spilled(spills);
    },
    (error, attempt) =>
      app.log.warn(
        { code: errorCode(error), reason: rootMessage(error), attempt },
        'transaction rolled back by a passing fault; running it again',
      ),
  );
  const jobs = new JobQueue(database.db, {
    doorbell: database.kind === 'postgres',
    logger: app.log,
  });
  const jobRegistry = new JobRegistry();
  // Made before the listener starts: it listens for the other processes' doorbell.
  const jobWorker = new JobWorker({
    db: database.db,
    registry: jobRegistry,
    queue: jobs,
    listener,
    logger: app.log,
    ...(options.jobs === undefined ? {} : { options: options.jobs }),
  });
  // Only with METRICS_PORT: otherwise not a single metric is kept.
  const metrics = config.metricsPort === null ? null : new AppMetrics(database, app.log);
  // Every module's manifest (modules/*/module.ts): its routes and its services.
  const modules = await discoverModules(new URL('./modules/', import.meta.url));
  const infra: ServiceDeps = {
    db: database.db,
    database,
    config,
    jobs,
    mailer,
    logger: app.log,
    rateLimiter,
    jwt,
    authenticator,
    listener,
    feed,
    transaction,
    pairs,
    signingSecret: jwtSecret,
    vapidKeys,
    ...(metrics === null ? {} : { observeScan: (s, outcome) => metrics.observeScan(s, outcome) }),
  };
  // Every service is made here, before the listener starts: feed subscribers (the event hub
  // subscribes when made) are registered, so change events and auth-cache invalidations flow
  // from the start.
  const registry = new ServiceRegistry(infra, modules.services);
  const { services } = registry;
  metrics?.watch({
    streamClients: () => services.events.streamCount,
    scanLoad: () => services.scanner.load(),
  });
  await listener.start();
  await feed.start();
  const auth = new AuthService({
    db: database.db,
    jwt,
    jobs,
    mailer,
    appUrl: config.appUrl,
    requireEmailVerification: config.requireEmailVerification,
    // Invitations to a newly verified address become friend requests (§5.7).
    onEmailVerified: (tx, user) => services.invitations.onEmailVerified(tx, user),
    onTokensRevoked: (userId) => authenticator.evictUser(userId),
    // The mode an administrator chose at run time, else REGISTRATION (modules/admin).
    admitRegistration: async (input) =>
      admitRegistration(database.db, await services.admin.registrationPolicy(), input),
    oidcOnlyName: config.oidc?.only === true ? config.oidc.name : null,
    transaction,
  });
  auth.registerJobs(jobRegistry);
  // The modules' jobs, then their start-up steps (schedules: the daily purge, the digest).
  registry.registerJobs(jobRegistry);
  await registry.start();

  await app.register(errorHandler);
  await app.register(requestId);
  await app.register(compression);
  if (metrics === null) app.decorate('metricsServer', null);
  else
    await app.register(metricsPlugin, {
      metrics,
      port: config.metricsPort ?? 0,
      host: config.metricsHost,
    });
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
  await app.register(openapi, { basePath: config.basePath });

  // Every module's routes (modules/*/module.ts), public ones first and outside the protected
  // scope. Each plugin gets its own copy of the dependencies: registration options belong to it.
  const { routes } = modules;
  const deps: RouteDeps = { services, config, rateLimiter, auth, database };
  for (const r of routes) {
    if (r.scope === 'public') await app.register(r.plugin, { ...deps });
  }

  // Everything registered in this scope requires a valid bearer token.
  await app.register(async (scope) => {
    scope.addHook('onRequest', createAuthenticate(authenticator));
    for (const r of routes) {
      if (r.scope === 'protected') await scope.register(r.plugin, { ...deps });
    }
    // Within it, the admin routes: the one place their authorization is enforced.
    await scope.register(async (adminScope) => {
      // Sessions only: a leaked API token must not carry an administrator's power over the
      // whole instance (people, backups). Declared as the routes' OpenAPI security, which the
      // authentication hook enforces (403 SESSION_REQUIRED) and the document shows.
      adminScope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, security: SESSION_ONLY };
      });
      adminScope.addHook(
        'onRequest',
        createRequireAdmin((user) => services.admin.isAdmin(user)),
      );
      for (const r of routes) {
        if (r.scope === 'admin') await adminScope.register(r.plugin, { ...deps });
      }
    });
  });

  await app.register(webApp, { distDir: config.webDistDir, basePath: config.basePath });
  // The process's services, for the entry point and for tests that write behind the API's back.
  app.decorate('services', services);
  app.decorate('infra', infra);
  app.decorate('jobWorker', jobWorker);

  app.addHook('onReady', async () => {
    jobWorker.start();
    registry.ready();
  });
  // Before onClose: the entry point closes the database in its own onClose hook, which runs
  // first, and a running job needs the database to finish or to be handed back.
  app.addHook('preClose', async () => {
    await registry.stop();
    await jobWorker.close();
    await pairs.close();
    await apiTokens.settle();
  });
  app.addHook('onClose', async () => {
    await registry.close();
    await feed.close();
    await listener.close();
    if (options.mailer === undefined) mailer.close();
  });
  return app;
}
