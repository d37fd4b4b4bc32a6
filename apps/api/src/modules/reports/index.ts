// The reports module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry). Its service is reached through the
// service registry (composition/app-services.ts).
export { readRange } from './reports.routes.js';
