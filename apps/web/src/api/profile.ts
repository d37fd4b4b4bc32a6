// Profile, account, friend links and the server's public configuration (issue #12, plan §B).
import { getToken } from '../lib/storage';
import { api, API_BASE, apiCall, ApiError } from './client';
import type { FriendLink, FriendLinkPreview, Friendship, Me, ServerConfig } from './types';

/** The sentence of a message response: JSON `{message}` or plain text (docs/api.md §1). */
function messageOf(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

function codeOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'code' in body) {
    return typeof body.code === 'string' ? body.code : null;
  }
  return null;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * PUT /auth/me/avatar through XMLHttpRequest, the one browser API that reports upload progress
 * (`onProgress` gets 0–1). Errors become ApiError with the server's message.
 */
export function uploadAvatar(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Me> {
  const defaultMessage = 'Could not upload the picture.';
  return new Promise<Me>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `${API_BASE}/auth/me/avatar`);
    request.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(body as Me);
        return;
      }
      const fallback =
        request.status === 413 ? 'The picture is too large (at most 5 MB).' : defaultMessage;
      reject(new ApiError(messageOf(body, fallback), request.status, codeOf(body)));
    };
    request.onerror = () => reject(new ApiError(defaultMessage, 0));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

export const profileApi = {
  config: () =>
    api<ServerConfig>('/config', { defaultMessage: 'Could not load the server settings.' }),
  updateName: (name: string) =>
    api<Me>('/auth/me', {
      method: 'PATCH',
      body: { name },
      defaultMessage: 'Failed to save your name',
    }),
  /** 202 with the message "We sent a confirmation link to …". */
  changeEmail: async (newEmail: string, currentPassword: string): Promise<string> => {
    const { body } = await apiCall('/auth/change-email', {
      method: 'POST',
      body: { newEmail, currentPassword },
      defaultMessage: 'Failed to change your e-mail address',
    });
    return messageOf(body, `We sent a confirmation link to ${newEmail}.`);
  },
  confirmEmail: async (token: string): Promise<string> => {
    const { body } = await apiCall('/auth/confirm-email', {
      method: 'POST',
      body: { token },
      defaultMessage: 'The confirmation link is invalid or has expired.',
    });
    return messageOf(body, 'Your e-mail address has been changed.');
  },
  removeAvatar: () =>
    api<Me>('/auth/me/avatar', {
      method: 'DELETE',
      defaultMessage: 'Could not remove the picture.',
    }),
  deleteAccount: (password: string, confirmOutstanding: boolean) =>
    api<null>('/auth/me', {
      method: 'DELETE',
      body: confirmOutstanding ? { password, confirmOutstanding: true } : { password },
      defaultMessage: 'Could not delete your account.',
    }),
  friendLink: () =>
    api<FriendLink>('/friend-link', { defaultMessage: 'Could not load your friend link.' }),
  newFriendLink: () =>
    api<FriendLink>('/friend-link', {
      method: 'POST',
      defaultMessage: 'Could not create a new friend link.',
    }),
  previewFriendLink: (token: string) =>
    api<FriendLinkPreview>(`/friend-link/${encodeURIComponent(token)}`, {
      defaultMessage: 'This friend link is invalid or has been replaced.',
    }),
  acceptFriendLink: (token: string) =>
    api<Friendship>(`/friend-link/${encodeURIComponent(token)}/accept`, {
      method: 'POST',
      defaultMessage: 'Could not add this friend.',
    }),
};
