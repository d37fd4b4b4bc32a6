// The auth module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { protectedAuthRoutes, publicAuthRoutes } from './auth.routes.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicAuthRoutes },
  { scope: 'protected', plugin: protectedAuthRoutes },
];
