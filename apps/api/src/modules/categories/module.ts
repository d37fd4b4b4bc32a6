// The categories module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { categoriesRoutes, publicCategoriesRoutes } from './categories.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { CategoryService } from './category.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicCategoriesRoutes },
  { scope: 'protected', plugin: categoriesRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    categories: CategoryService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'categories',
    needs: [],
    create: (deps) => new CategoryService(deps),
  }),
];
