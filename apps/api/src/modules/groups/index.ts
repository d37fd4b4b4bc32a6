// The groups module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export {
  GROUP_NOT_FOUND,
  NOT_A_MEMBER,
  addMember,
  currentMemberIds,
  currentMembers,
  deleteGroupRows,
  findGroup,
  groupRowOf,
  groupStanding,
  groupTupleSql,
  isCurrentMember,
  lockGroup,
  markLeft,
  requireGroupMember,
  touchGroup,
  updateGroup,
} from './membership.repository.js';
export type { GroupRow, GroupStanding, GroupTuple } from './membership.repository.js';
export { addPeopleToGroup } from './group-members.js';
export { groupMemberSchema, groupOut, groupSchema } from './group.mapper.js';
export type { GroupMember, GroupView } from './group.service.js';
export { GROUP_TEXT } from './group-text.js';
