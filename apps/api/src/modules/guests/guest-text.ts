// What the guests module says to people (errors and activity lines).
export const GUEST_TEXT = {
  notInGroup: 'That guest is not in this group.',
  notFound: 'Guest not found.',
  hasAccount: (email: string) =>
    `${email} already has an Evenly account. Send them a friend request or share the group's invite link.`,
  intoNotMember: 'The person to merge into must be a member of this group.',
  joinedAs: (name: string, guest: string) => `${name} joined as ${guest}`,
} as const;
