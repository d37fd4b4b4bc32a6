// The expenses module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { expensesRoutes } from './expenses.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { ExpenseService } from './expense.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: expensesRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    expenses: ExpenseService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'expenses',
    needs: ['fx', 'receipts'],
    create: (deps, collaborators) => new ExpenseService(deps, collaborators),
  }),
];
