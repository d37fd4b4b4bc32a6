// The receipts module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { publicReceiptsRoutes, receiptsRoutes } from './receipts.routes.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicReceiptsRoutes },
  { scope: 'protected', plugin: receiptsRoutes },
];
