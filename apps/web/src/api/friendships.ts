import { api, apiCall, ApiError } from './client';
import type { Friendship } from './types';

export const friendshipsApi = {
  friends: () =>
    api<Friendship[]>('/friendships/friends', { defaultMessage: 'Failed to fetch friends' }),
  incoming: () =>
    api<Friendship[]>('/friendships/requests/incoming', {
      defaultMessage: 'Failed to fetch incoming requests',
    }),
  outgoing: () =>
    api<Friendship[]>('/friendships/requests/outgoing', {
      defaultMessage: 'Failed to fetch outgoing requests',
    }),
  /** 201 → the created request (truthy); 202 → null: an invitation e-mail was sent. */
  sendRequest: async (recipientEmail: string): Promise<Friendship | null> => {
    const defaultMessage = 'Failed to send friend request';
    const { status, body } = await apiCall('/friendships/requests', {
      method: 'POST',
      body: { recipientEmail },
      defaultMessage,
    });
    if (status === 201) return body as Friendship;
    if (status === 202) return null;
    throw new ApiError(defaultMessage, status);
  },
  accept: (id: number) =>
    api<Friendship>(`/friendships/requests/${id}/accept`, {
      method: 'PUT',
      defaultMessage: 'Failed to accept friend request',
    }),
  reject: (id: number) =>
    api<null>(`/friendships/requests/${id}/reject`, {
      method: 'PUT',
      defaultMessage: 'Failed to reject friend request',
    }),
  remove: (id: number) =>
    api<null>(`/friendships/${id}`, {
      method: 'DELETE',
      defaultMessage: 'Failed to remove friendship/request',
    }),
};
