// The guests module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { guestsRoutes } from './guests.routes.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: guestsRoutes }];
