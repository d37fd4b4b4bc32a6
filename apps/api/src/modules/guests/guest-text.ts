// What the guests module says to people (errors and activity lines).
export const GUEST_TEXT = {
  notInGroup: 'That guest is not in this group.',
  notFound: 'Guest not found.',
  hasAccount: (email: string) =>
    `${email} already has an Evenly account. Send them a friend request or share the group's invite link.`,
  intoNotMember: 'The person to merge into must be a member of this group.',
  addressed:
    'This guest was added with an e-mail address: only the person who signs in with that address, verified, can claim it. Join as yourself instead.',
  joinedAs: (name: string, guest: string) => `${name} joined as ${guest}`,
} as const;
