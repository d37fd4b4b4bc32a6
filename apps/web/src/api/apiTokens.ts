// Personal API tokens (issue #34 point 4): list, make (the secret comes back this once), revoke.
import { api } from './client';
import type { ApiToken, ApiTokenRequest, CreatedApiToken } from './types';

export const apiTokensApi = {
  list: () => api<ApiToken[]>('/auth/tokens', { defaultMessage: 'Could not load your API tokens' }),
  // No Idempotency-Key: a replayed answer could not carry the secret again (docs/api.md §4.1).
  create: (body: ApiTokenRequest) =>
    api<CreatedApiToken>('/auth/tokens', {
      method: 'POST',
      body,
      defaultMessage: 'Could not create the API token',
    }),
  revoke: (id: number) =>
    api<null>(`/auth/tokens/${String(id)}`, {
      method: 'DELETE',
      defaultMessage: 'Could not revoke the API token',
    }),
};
