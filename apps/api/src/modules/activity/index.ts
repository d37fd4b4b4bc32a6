// The activity module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { insertActivities, listNotifications } from './activity.repository.js';
export type { ActivityRow, ActivityType, NewActivity } from './activity.repository.js';
export { changeArrays, changeCtes, recordChange } from './record-change.js';
export { activityItemSchema, activityOut } from './activity.mapper.js';
export { pageById } from './activity.service.js';
export type { ActivityPage } from './activity.service.js';
