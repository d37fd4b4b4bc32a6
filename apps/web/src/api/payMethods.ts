// "How to pay me" (issue #33): my pay methods (read, replaced) and a friend's, for paying them.
import { api } from './client';
import type { PayMethods } from './types';

export const payMethodsApi = {
  mine: () =>
    api<PayMethods>('/auth/me/pay-methods', {
      defaultMessage: 'Could not load how people can pay you',
    }),
  /** Replaces the whole set; the server answers it normalised. */
  save: (body: unknown) =>
    api<PayMethods>('/auth/me/pay-methods', {
      method: 'PUT',
      body,
      defaultMessage: 'Could not save how people can pay you',
    }),
  of: (userId: number) =>
    api<PayMethods>(`/users/${String(userId)}/pay-methods`, {
      defaultMessage: 'Could not load how to pay them',
    }),
};
