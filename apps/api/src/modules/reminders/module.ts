// The reminders module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { remindersRoutes } from './reminders.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { ReminderService } from './reminder.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: remindersRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    reminders: ReminderService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'reminders',
    needs: ['balances', 'groups', 'notifications'],
    create: (deps, collaborators) => new ReminderService(deps, collaborators),
  }),
];
