// The health module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { healthRoutes } from './health.routes.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'public', plugin: healthRoutes }];
