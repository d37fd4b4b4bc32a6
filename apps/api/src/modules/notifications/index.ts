// The notifications module's public entry: what it offers other modules, which import only this
// file (.dependency-cruiser.cjs, rule module-public-entry). Its services are reached through the
// service registry (composition/app-services.ts).
export { noteNotificationsChanged } from './in-app.service.js';
