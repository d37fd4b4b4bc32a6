// The categories module's manifest: its routes, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { categoriesRoutes, publicCategoriesRoutes } from './categories.routes.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicCategoriesRoutes },
  { scope: 'protected', plugin: categoriesRoutes },
];
