// The receipt-scan module's manifest: its routes and the scanner, found by buildApp
// (http/route-modules.ts).
import type { ReceiptScanner } from '@evenly/receipts';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import type { RouteRegistration } from '../../http/route-modules.js';
import { receiptScanRoutes } from './receipt-scan.routes.js';
import { makeScanner } from './scanner.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: receiptScanRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** The receipt scanner; its engine processes start on the first scan. */
    scanner: ReceiptScanner;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'scanner',
    needs: [],
    create: (deps) => makeScanner(deps),
    close: (scanner) => scanner.close(),
  }),
];
