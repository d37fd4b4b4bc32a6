import { apiCall } from './client';
import type { Expense } from './types';

/** What the search screen asks for (GET /api/search, GET /api/groups/{id}/search). */
export interface SearchFilters {
  q: string;
  minAmount: string;
  maxAmount: string;
  category: string;
  personId: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: SearchFilters = {
  q: '',
  minAmount: '',
  maxAmount: '',
  category: '',
  personId: '',
  from: '',
  to: '',
};

export interface SearchPage {
  items: Expense[];
  /** X-Next-Cursor: where the next page starts, or null at the end. */
  next: string | null;
}

export const SEARCH_PAGE_SIZE = 30;

/** The query string of a search (empty filters left out). */
export function searchQuery(filters: SearchFilters, before: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const v = value.trim();
    if (v !== '') params.set(key, v);
  }
  params.set('limit', String(SEARCH_PAGE_SIZE));
  if (before !== null) params.set('before', before);
  return params.toString();
}

export const searchApi = {
  /** One page of results: within `groupId`, or across everything the caller can see. */
  page: async (
    filters: SearchFilters,
    groupId: number | null,
    before: string | null,
    signal?: AbortSignal,
  ): Promise<SearchPage> => {
    const path = groupId === null ? '/search' : `/groups/${groupId}/search`;
    const { body, headers } = await apiCall(`${path}?${searchQuery(filters, before)}`, {
      defaultMessage: 'Search failed',
      signal,
    });
    return { items: body as Expense[], next: headers.get('x-next-cursor') };
  },
};
