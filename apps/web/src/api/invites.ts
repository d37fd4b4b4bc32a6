import { api } from './client';
import type { ClaimableGuest, Group, InvitePreview, InvitePublic } from './types';

const enc = encodeURIComponent;

/** Group invite links (join or claim a guest) and guests added with the caller's address. */
export const invitesApi = {
  /** Public: who invited whom, for the signed-out join page. */
  publicInfo: (token: string) =>
    api<InvitePublic>(`/invites/${enc(token)}/public`, {
      defaultMessage: 'Could not load the invite.',
    }),
  preview: (token: string) =>
    api<InvitePreview>(`/invites/${enc(token)}`, { defaultMessage: 'Could not load the invite.' }),
  accept: (token: string, claimGuestId: number | null) =>
    api<Group>(`/invites/${enc(token)}/accept`, {
      method: 'POST',
      body: claimGuestId === null ? {} : { claimGuestId },
      defaultMessage: 'Failed to join the group',
    }),
  claimable: () =>
    api<ClaimableGuest[]>('/guests/claimable', {
      defaultMessage: 'Could not load people added with your address.',
    }),
  claim: (guestId: number) =>
    api<Group>(`/guests/${guestId}/claim`, {
      method: 'POST',
      body: {},
      defaultMessage: 'Failed to claim the guest',
    }),
};
