// The admin module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry). Its services are reached through the
// service registry (composition/app-services.ts).
export { adminAccess, isAdminAccount, isConfiguredAdmin } from './admin-access.js';
export type { AdminAccess, ClaimFacts } from './admin-access.js';
export { SETTING } from './admin.service.js';
export { NotAdminError } from './admin-errors.js';
