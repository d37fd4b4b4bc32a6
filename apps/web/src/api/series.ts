// Recurring expense series (issue #11): read, skip one date, end.
import { api } from './client';
import type { Series } from './types';

export const seriesApi = {
  get: (id: number) => api<Series>(`/series/${id}`, { defaultMessage: 'Failed to fetch series' }),
  /** The group's active series. */
  forGroup: (groupId: number) =>
    api<Series[]>(`/groups/${groupId}/series`, {
      defaultMessage: `Failed to fetch recurring expenses for group ${groupId}`,
    }),
  /** `date` (YYYY-MM-DD): a future occurrence that will not be created. */
  skip: (id: number, date: string) =>
    api<Series>(`/series/${id}/skip`, {
      method: 'POST',
      body: { date },
      defaultMessage: 'Failed to skip the occurrence',
    }),
  /** No further occurrences; the existing ones stay. */
  end: (id: number) =>
    api<Series>(`/series/${id}/end`, {
      method: 'POST',
      defaultMessage: 'Failed to end the series',
    }),
};
