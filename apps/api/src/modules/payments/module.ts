// The payments module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { paymentsRoutes } from './payments.routes.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: paymentsRoutes },
];
