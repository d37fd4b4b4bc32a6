// The exports module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry). The trip report lists the same people as
// the group exports.
export { everyoneWhoBelonged } from './export.repository.js';
export type { BelongedPerson } from './export.repository.js';
