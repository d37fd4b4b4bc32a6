// The messages of the group rules (docs/api.md §4.3, §5.5, §5.6).
export const GROUP_TEXT = {
  notFriends: 'You can only add your friends. Send them a friend request first.',
  alreadyMember: (name: string) => `${name} is already a member of this group.`,
  currencyLocked: 'The currency can only be changed while the group has no expenses or payments.',
  currencyModeLocked:
    'Whether currencies are kept separate can only be changed while the group has no expenses or payments.',
  notAMemberTarget: 'That user is not a member of this group.',
  onlyCreatorRemoves: 'Only the group creator can remove other members.',
  leaveOutstanding: 'You can\u2019t leave a group while you have an outstanding balance in it.',
  removeOutstanding: (name: string) => `${name} still has an outstanding balance in this group.`,
  lastMember: 'You are the last member of this group. Delete the group instead.',
  onlyCreatorDeletes: 'Only the group creator can delete this group.',
  deleteOutstanding: 'This group still has outstanding balances. Settle up before deleting it.',
} as const;
