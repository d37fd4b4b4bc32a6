// The guests module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export {
  deleteGuest,
  deleteGuestRows,
  findGroupGuest,
  guestHasEntries,
  guestIdsOfGroup,
  insertGuest,
  lockGuest,
} from './guests.repository.js';
export { acceptSchema } from './guest-request.js';
export { GUEST_TEXT } from './guest-text.js';
export { mayClaimByLink, ownsAddress } from './guest-claim.js';
