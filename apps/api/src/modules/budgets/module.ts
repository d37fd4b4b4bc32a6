// The budgets module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { budgetsRoutes } from './budgets.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { BudgetService } from './budget.service.js';

export const routes: readonly RouteRegistration[] = [{ scope: 'protected', plugin: budgetsRoutes }];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Monthly budgets per category of one's own share. */
    budgets: BudgetService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'budgets',
    needs: [],
    create: (deps) => new BudgetService(deps),
  }),
];
