// The payments module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { paymentsRoutes } from './payments.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { PaymentService } from './payment.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: paymentsRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    payments: PaymentService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'payments',
    needs: ['fx'],
    create: (deps, collaborators) => new PaymentService(deps, collaborators),
  }),
];
