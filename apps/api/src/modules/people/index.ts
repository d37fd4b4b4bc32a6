// The people module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export type { Person } from './person.js';
export { avatarUrlOf, avatarUrlsOf } from './avatars.js';
export { AvatarLinks } from './avatar-url.js';
