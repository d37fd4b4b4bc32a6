import { api } from './client';
import type {
  BalanceLine,
  Group,
  GroupDetail,
  GroupInviteLink,
  InviteLink,
  MyGroup,
  SettleSuggestion,
  Transaction,
} from './types';

export const groupsApi = {
  my: () => api<MyGroup[]>('/groups/my', { defaultMessage: 'Failed to fetch groups' }),
  get: (id: number) =>
    api<GroupDetail>(`/groups/${id}`, { defaultMessage: 'Could not load group data.' }),
  create: (
    name: string,
    settings: { defaultCurrency?: string; currencyMode?: 'CONVERT' | 'SEPARATE' } = {},
    idempotencyKey?: string,
  ) =>
    api<Group>('/groups', {
      method: 'POST',
      body: { name, ...settings },
      defaultMessage: 'Failed to create group',
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    }),
  update: (
    id: number,
    patch: {
      name?: string;
      simplifyDebts?: boolean;
      defaultCurrency?: string;
      currencyMode?: 'CONVERT' | 'SEPARATE';
      coverEmoji?: string | null;
      coverColor?: string | null;
    },
  ) =>
    api<Group>(`/groups/${id}`, {
      method: 'PATCH',
      body: patch,
      defaultMessage: `Failed to update group ${id}`,
    }),
  addMembers: (id: number, memberIds: number[]) =>
    api<Group>(`/groups/${id}/members`, {
      method: 'POST',
      body: { memberIds },
      defaultMessage: `Failed to add member to group ${id}`,
    }),
  /** Returns the updated group, or null when an invitation e-mail was sent (202). */
  addMemberByEmail: (id: number, memberEmail: string) =>
    api<Group | null>(`/groups/${id}/members`, {
      method: 'POST',
      body: { memberEmail },
      defaultMessage: `Failed to add member to group ${id}`,
    }),
  transactions: (id: number) =>
    api<Transaction[]>(`/groups/${id}/transactions`, {
      defaultMessage: `Failed to fetch transactions for group ${id}`,
    }),
  balances: (id: number) =>
    api<BalanceLine[]>(`/balances/group/${id}`, {
      defaultMessage: `Failed to fetch balances for group ${id}`,
    }),
  settleSuggestions: (id: number) =>
    api<SettleSuggestion[]>(`/groups/${id}/settle-suggestions`, {
      defaultMessage: `Failed to fetch settle suggestions for group ${id}`,
    }),
  leave: (id: number, userId: number) =>
    api<Group>(`/groups/${id}/members/${userId}`, {
      method: 'DELETE',
      defaultMessage: `Failed to leave group ${id}`,
    }),
  remove: (id: number) =>
    api<null>(`/groups/${id}`, {
      method: 'DELETE',
      defaultMessage: `Failed to delete group ${id}`,
    }),
  /** Removes a member (the creator) or leaves (oneself); also removes a guest. */
  removeMember: (id: number, userId: number) =>
    api<Group>(`/groups/${id}/members/${userId}`, {
      method: 'DELETE',
      defaultMessage: `Failed to remove member from group ${id}`,
    }),
  addGuest: (id: number, guest: { name: string; email: string | null }, idempotencyKey: string) =>
    api<Group>(`/groups/${id}/guests`, {
      method: 'POST',
      body: guest,
      defaultMessage: 'Failed to add the person',
      idempotencyKey,
    }),
  updateGuest: (id: number, guestId: number, patch: { name?: string; email?: string | null }) =>
    api<Group>(`/groups/${id}/guests/${guestId}`, {
      method: 'PATCH',
      body: patch,
      defaultMessage: 'Failed to update the guest',
    }),
  mergeGuest: (id: number, guestId: number, intoUserId: number) =>
    api<Group>(`/groups/${id}/guests/${guestId}/merge`, {
      method: 'POST',
      body: { intoUserId },
      defaultMessage: 'Failed to merge the guest',
    }),
  inviteLink: (id: number) =>
    api<GroupInviteLink>(`/groups/${id}/invite-link`, {
      defaultMessage: 'Could not load the invite link.',
    }),
  createInviteLink: (id: number, expiresInDays: number | null, idempotencyKey: string) =>
    api<InviteLink>(`/groups/${id}/invite-link`, {
      method: 'POST',
      body: { expiresInDays },
      defaultMessage: 'Failed to create the invite link',
      idempotencyKey,
    }),
  revokeInviteLink: (id: number) =>
    api<null>(`/groups/${id}/invite-link`, {
      method: 'DELETE',
      defaultMessage: 'Failed to revoke the invite link',
    }),
};
