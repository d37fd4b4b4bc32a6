// The categories module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { categorySchema } from './category.mapper.js';
