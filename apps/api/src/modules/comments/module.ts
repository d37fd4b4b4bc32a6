// The comments module's manifest: its routes and services, found by buildApp (http/route-modules.ts).
import type { RouteRegistration } from '../../http/route-modules.js';
import { commentsRoutes } from './comments.routes.js';
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { CommentService } from './comment.service.js';

export const routes: readonly RouteRegistration[] = [
  { scope: 'protected', plugin: commentsRoutes },
];

declare module '../../composition/app-services.js' {
  interface AppServices {
    comments: CommentService;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'comments',
    needs: ['expenses'],
    create: (deps, collaborators) => new CommentService(deps, collaborators),
  }),
];
