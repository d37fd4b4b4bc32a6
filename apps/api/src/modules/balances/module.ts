// The balances module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { balancesRoutes } from './balances.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { BalanceService } from './balance.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: balancesRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    balances: BalanceService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'balances',
    needs: ['fx'],
    create: (deps, collaborators) => new BalanceService(deps, collaborators),
  }),
];
