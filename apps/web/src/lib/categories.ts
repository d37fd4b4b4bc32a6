// Expense categories in the web app: the set, labels and rules come from @evenly/core; this adds
// how each family looks (a tinted tile, designed for both themes).
import { categoryOf, type CategoryFamilyId } from '@evenly/core';

export {
  CATEGORIES,
  CATEGORY_FAMILIES,
  categoriesByFamily,
  categoryLabel,
  categoryOf,
  DEFAULT_CATEGORY,
  foldText,
  suggestCategory,
  toCategoryId,
  type CategoryHistoryEntry,
  type CategoryId,
  type CategorySuggestion,
} from '@evenly/core';

/**
 * Tile colours per family: a soft background with a strong foreground of the same hue, so the
 * icon keeps ≥ 3:1 against its tile in both themes.
 */
const FAMILY_TILES: Record<CategoryFamilyId, string> = {
  general: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  food: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  transport: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  home: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  entertainment: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
  travel: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300',
  life: 'bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-300',
};

export function categoryTileClass(id: string | null | undefined): string {
  return FAMILY_TILES[categoryOf(id).family];
}

/** An expense event with a category shows the category's icon (activity, notifications). */
export function hasCategoryIcon(item: { type: string; category?: string | null }): boolean {
  return item.type.startsWith('expense_') && typeof item.category === 'string';
}
