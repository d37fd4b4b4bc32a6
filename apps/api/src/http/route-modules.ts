// How feature modules bring their routes: a module that serves HTTP has a `module.ts` exporting
// `routes`, and buildApp finds every `modules/*/module.(ts|js)` at start (no central list to edit
// when a module comes or goes). Public routes are registered before the protected scope, outside
// it; protected ones inside it, behind the bearer-token hook.
import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { RateLimiter } from '../modules/rate-limit/rate-limiter.js';
import type { Services } from '../services.js';

/** What route plugins may ask for; each takes the part it uses. */
export interface RouteDeps {
  services: Services;
  rateLimiter: RateLimiter;
  auth: AuthService;
  database: DatabaseHandle;
}

export type RoutePlugin = (app: FastifyInstance, deps: RouteDeps) => Promise<void>;

export interface RouteRegistration {
  /** `public`: no sign-in; `protected`: behind the bearer-token hook. */
  scope: 'public' | 'protected';
  plugin: RoutePlugin;
}

/** What a module's `module.ts` exports. */
export interface ModuleManifest {
  routes: readonly RouteRegistration[];
}

interface Discovered extends RouteRegistration {
  module: string;
}

function isManifest(value: unknown): value is ModuleManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { routes?: unknown }).routes)
  );
}

/**
 * Every route registration of the modules under `modulesDir`, by module name and then in the
 * manifest's order (routing does not depend on the order; the OpenAPI document is put in name
 * order, plugins/openapi.ts). Reads `module.js` in the built server and `module.ts` when run
 * from the sources (tests, tsx).
 */
export async function discoverRoutes(modulesDir: URL): Promise<Discovered[]> {
  const entries = await readdir(modulesDir, { withFileTypes: true });
  const found: Discovered[] = [];
  const dirs = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  await Promise.all(
    dirs.map(async (name) => {
      const files = await readdir(new URL(`${name}/`, modulesDir));
      const file = files.find((f) => f === 'module.js' || f === 'module.ts');
      if (file === undefined) return;
      const manifest: unknown = await import(new URL(`${name}/${file}`, modulesDir).href);
      if (!isManifest(manifest)) {
        throw new Error(`modules/${name}/${file} does not export \`routes\``);
      }
      for (const r of manifest.routes) found.push({ ...r, module: name });
    }),
  );
  // Sorted after the parallel imports; the sort is stable, so a manifest keeps its own order.
  return found.sort((a, b) => (a.module < b.module ? -1 : a.module > b.module ? 1 : 0));
}
