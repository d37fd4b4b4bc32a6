// The profile module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { FriendLinkInvalidError, PROFILE_TEXT } from './profile-errors.js';
export { admitRegistration } from './registration-policy.js';
