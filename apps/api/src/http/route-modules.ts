// How feature modules bring their routes and services: a module has a `module.ts` exporting
// `routes` (HTTP) and/or `services` (providers, composition/app-services.ts), and buildApp finds
// every `modules/*/module.(ts|js)` at start (no central list to edit when a module comes or
// goes). Public routes are registered before the protected scope, outside it; protected ones
// inside it, behind the bearer-token hook; admin ones in a scope within it, behind the admin
// check as well (plugins/admin-guard.ts).
import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { AppServices, ServiceProvider } from '../composition/app-services.js';
import type { AppConfig } from '../config/config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { RateLimiter } from '../modules/rate-limit/rate-limiter.js';

/** What route plugins may ask for; each takes the part it uses. */
export interface RouteDeps {
  services: AppServices;
  config: AppConfig;
  rateLimiter: RateLimiter;
  auth: AuthService;
  database: DatabaseHandle;
}

export type RoutePlugin = (app: FastifyInstance, deps: RouteDeps) => Promise<void>;

export interface RouteRegistration {
  /**
   * `public`: no sign-in; `protected`: behind the bearer-token hook; `admin`: behind it and the
   * administrator check (401 without a valid token, 403 for everyone else who is not an admin).
   */
  scope: 'public' | 'protected' | 'admin';
  plugin: RoutePlugin;
}

/** What a module's `module.ts` exports: at least one of the two. */
export interface ModuleManifest {
  routes?: readonly RouteRegistration[];
  services?: readonly ServiceProvider[];
}

interface DiscoveredRoute extends RouteRegistration {
  module: string;
}

export interface DiscoveredModules {
  /** By module name, then in each manifest's order. */
  routes: DiscoveredRoute[];
  /** By module name, then in each manifest's order (the registry orders them by their needs). */
  services: ServiceProvider[];
}

function isManifest(value: unknown): value is ModuleManifest {
  if (typeof value !== 'object' || value === null) return false;
  const { routes, services } = value as { routes?: unknown; services?: unknown };
  return (
    (routes !== undefined || services !== undefined) &&
    (routes === undefined || Array.isArray(routes)) &&
    (services === undefined || Array.isArray(services))
  );
}

/**
 * Every route registration and service provider of the modules under `modulesDir`, by module
 * name and then in the manifest's order (routing does not depend on the order; the OpenAPI
 * document is put in name order, plugins/openapi.ts). Reads `module.js` in the built server and
 * `module.ts` when run from the sources (tests, tsx).
 */
export async function discoverModules(modulesDir: URL): Promise<DiscoveredModules> {
  const entries = await readdir(modulesDir, { withFileTypes: true });
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const manifests = await Promise.all(
    dirs.map(async (name) => {
      const files = await readdir(new URL(`${name}/`, modulesDir));
      const file = files.find((f) => f === 'module.js' || f === 'module.ts');
      if (file === undefined) return null;
      const manifest: unknown = await import(new URL(`${name}/${file}`, modulesDir).href);
      if (!isManifest(manifest)) {
        throw new Error(`modules/${name}/${file} exports neither \`routes\` nor \`services\``);
      }
      return { name, manifest };
    }),
  );
  const found: DiscoveredModules = { routes: [], services: [] };
  for (const m of manifests) {
    if (m === null) continue;
    for (const r of m.manifest.routes ?? []) found.routes.push({ ...r, module: m.name });
    found.services.push(...(m.manifest.services ?? []));
  }
  return found;
}
