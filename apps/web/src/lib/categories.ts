// Expense categories in the web app: the set, labels and rules come from @evenly/core; this adds
// how each family looks (a tinted tile, designed for both themes).
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { categoryOf, type CategoryFamilyId, type CategoryId } from '@evenly/core';

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

/** Each category's name as the web app shows it, in the page's language (core's label is English). */
const CATEGORY_NAMES: Record<CategoryId, MessageDescriptor> = {
  general: msg`General`,
  dining_out: msg`Dining out`,
  groceries: msg`Groceries`,
  drinks: msg`Drinks`,
  taxi: msg`Taxi`,
  fuel: msg`Fuel`,
  parking: msg`Parking`,
  public_transport: msg`Public transport`,
  flights: msg`Flights`,
  car: msg`Car & tolls`,
  rent: msg`Rent & mortgage`,
  utilities: msg`Utilities`,
  household_supplies: msg`Household supplies`,
  furniture: msg`Furniture`,
  maintenance: msg`Repairs & maintenance`,
  electronics: msg`Electronics`,
  services: msg`Cleaning & services`,
  pets: msg`Pets`,
  games: msg`Games`,
  movies: msg`Movies & streaming`,
  music: msg`Music & concerts`,
  sports: msg`Sports & fitness`,
  hotel: msg`Hotel & lodging`,
  gifts: msg`Gifts`,
  medical: msg`Medical`,
  clothing: msg`Clothing`,
  education: msg`Education`,
  childcare: msg`Childcare`,
  insurance: msg`Insurance`,
  taxes: msg`Taxes`,
};

/** Each family's name in the page's language. */
const FAMILY_NAMES: Record<CategoryFamilyId, MessageDescriptor> = {
  general: msg`General`,
  food: msg`Food & drink`,
  transport: msg`Transport`,
  home: msg`Home`,
  entertainment: msg`Entertainment`,
  travel: msg`Travel`,
  life: msg`Life`,
};

/** A category's name in the page's language (unknown → General, as `categoryOf`). */
export function categoryName(i18n: I18n, id: string | null | undefined): string {
  return i18n._(CATEGORY_NAMES[categoryOf(id).id]);
}

/** A family's name in the page's language. */
export function familyName(i18n: I18n, id: CategoryFamilyId): string {
  return i18n._(FAMILY_NAMES[id]);
}

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
