// The admin area's calls (docs/api.md, admin area): people, registration, instance, health,
// test e-mail and the audit log. The backup is downloaded with lib/download.
import { api, apiCall } from './client';
import type {
  AdminAuditEntry,
  AdminHealth,
  AdminInstance,
  AdminPerson,
  AdminRegistration,
  AdminTestMail,
} from './types';

export type PersonAction =
  'disable' | 'enable' | 'resend-verification' | 'make-admin' | 'remove-admin';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

async function page<T>(path: string, defaultMessage: string): Promise<Page<T>> {
  const { body, headers } = await apiCall(path, { defaultMessage });
  return { items: body as T[], nextCursor: headers.get('x-next-cursor') };
}

export const adminApi = {
  people: (query: string, before: string | null) => {
    const params = new URLSearchParams({ limit: '50' });
    if (query.trim() !== '') params.set('q', query.trim());
    if (before !== null) params.set('before', before);
    return page<AdminPerson>(`/admin/users?${params.toString()}`, 'Could not load the people.');
  },
  act: (id: number, action: PersonAction) =>
    api<AdminPerson>(`/admin/users/${id}/${action}`, {
      method: 'POST',
      defaultMessage: 'Could not do that. Please try again.',
    }),
  remove: (id: number, confirmOutstanding: boolean) =>
    api<null>(`/admin/users/${id}`, {
      method: 'DELETE',
      body: { confirmOutstanding },
      defaultMessage: 'Could not delete the account.',
    }),
  registration: () =>
    api<AdminRegistration>('/admin/settings/registration', {
      defaultMessage: 'Could not load the registration setting.',
    }),
  setRegistration: (value: AdminRegistration['value'] | null) =>
    api<AdminRegistration>('/admin/settings/registration', {
      method: 'PUT',
      body: { value },
      defaultMessage: 'Could not change the registration setting.',
    }),
  instance: () =>
    api<AdminInstance>('/admin/instance', { defaultMessage: 'Could not load the instance.' }),
  health: () => api<AdminHealth>('/admin/health', { defaultMessage: 'Could not load the health.' }),
  retryJob: (id: number) =>
    api<null>(`/admin/jobs/${id}/retry`, {
      method: 'POST',
      defaultMessage: 'Could not retry the job.',
    }),
  testEmail: () =>
    api<AdminTestMail>('/admin/test-email', {
      method: 'POST',
      defaultMessage: 'Could not send the test e-mail.',
    }),
  audit: (before: string | null) =>
    page<AdminAuditEntry>(
      `/admin/audit?limit=50${before === null ? '' : `&before=${encodeURIComponent(before)}`}`,
      'Could not load the audit log.',
    ),
  claim: () =>
    api<null>('/auth/me/claim-admin', {
      method: 'POST',
      defaultMessage: 'Could not make you the administrator.',
    }),
};
