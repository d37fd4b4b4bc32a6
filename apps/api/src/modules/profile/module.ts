// The profile module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { profileRoutes, publicProfileRoutes } from './profile.routes.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicProfileRoutes },
  { scope: 'protected', plugin: profileRoutes },
];
