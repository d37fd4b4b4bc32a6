// CategoryService: suggestions of an expense's category (issue #14 point 1). The rules are
// packages/core's (category-suggest.ts); this only reads the caller's own history for them.
import { summarizeCategoryHistory, suggestCategory } from '@evenly/core';
import type { CategoryHistoryEntry, CategorySuggestion } from '@evenly/core';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { recentCategorisedExpenses } from './category.repository.js';

export class CategoryService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * The caller's history: the descriptions they gave each category, from their latest
   * categorised expenses; those of `groupId` count double. One statement.
   */
  async history(callerId: number, groupId: number | null): Promise<CategoryHistoryEntry[]> {
    const rows = await recentCategorisedExpenses(this.deps.db, callerId);
    return summarizeCategoryHistory(rows, groupId);
  }

  /** The category to pre-select for a description and a shop, or null when nothing points. */
  async suggest(
    callerId: number,
    input: { description: string | null; merchant: string | null; groupId: number | null },
  ): Promise<CategorySuggestion | null> {
    const blank = (s: string | null) => s === null || s.trim() === '';
    // Nothing to match: no need to read the history.
    if (blank(input.description) && blank(input.merchant)) return null;
    const history = await this.history(callerId, input.groupId);
    return suggestCategory({ description: input.description, merchant: input.merchant, history });
  }
}
