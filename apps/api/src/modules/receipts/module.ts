// The receipts module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { publicReceiptsRoutes, receiptsRoutes } from './receipts.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { ReceiptService } from './receipt.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'public', plugin: publicReceiptsRoutes },
  { scope: 'protected', plugin: receiptsRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    receipts: ReceiptService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'receipts',
    needs: [],
    create: (deps) => new ReceiptService(deps),
  }),
];
