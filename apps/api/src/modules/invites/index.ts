// The invites module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { findLinkByToken, linkState } from './invite-links.repository.js';
