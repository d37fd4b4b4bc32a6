// The friendships module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export {
  acceptedFriendIds,
  acceptedOf,
  findPairForUpdate,
  insertRequest,
} from './friendships.repository.js';
export { recordFriendRequest } from './friend-request-notification.js';
export { friendshipOut, friendshipSchema } from './friendship.mapper.js';
export type { FriendshipView } from './friendship.service.js';
