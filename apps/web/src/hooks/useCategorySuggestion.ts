import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { categoriesApi } from '../api/categories';
import {
  type CategoryHistoryEntry,
  type CategorySuggestion,
  suggestCategory,
} from '../lib/categories';

const NO_HISTORY: CategoryHistoryEntry[] = [];

/**
 * The category to pre-select for what is typed and scanned, from the person's own history
 * (asked once per group and kept a few minutes) and the words (@evenly/core, as they type).
 * `enabled` false (the person chose a category, or edits a saved expense): nothing is asked.
 */
export function useCategorySuggestion(
  enabled: boolean,
  groupId: number | null,
  description: string,
  merchant: string | null,
): CategorySuggestion | null {
  const history = useQuery({
    queryKey: ['expenses', 'category-history', groupId],
    queryFn: () => categoriesApi.history(groupId),
    enabled,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const entries = history.data?.entries ?? NO_HISTORY;
  return useMemo(
    () => (enabled ? suggestCategory({ description, merchant, history: entries }) : null),
    [enabled, description, merchant, entries],
  );
}
