// The people module's manifest: its services, found by buildApp (http/route-modules.ts).
import { provide } from '../../composition/app-services.js';
import type { ServiceProvider } from '../../composition/app-services.js';
import { AvatarLinks } from './avatar-url.js';

declare module '../../composition/app-services.js' {
  interface AppServices {
    /** Signs and checks profile picture links (one key for the whole app). */
    avatarLinks: AvatarLinks;
  }
}

export const services: readonly ServiceProvider[] = [
  provide({
    name: 'avatarLinks',
    needs: [],
    create: (deps) => new AvatarLinks(deps.signingSecret, deps.config.basePath),
  }),
];
