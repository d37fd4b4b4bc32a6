import type { CategoryHistoryEntry } from '@evenly/core';
import { api } from './client';

export const categoriesApi = {
  /** The descriptions the signed-in person gave each category (theirs in `groupId` count twice). */
  history: (groupId: number | null) =>
    api<{ entries: CategoryHistoryEntry[] }>(
      groupId === null ? '/categories/history' : `/categories/history?groupId=${String(groupId)}`,
      { defaultMessage: 'Failed to fetch category history' },
    ),
};
