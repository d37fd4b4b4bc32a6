// Expense categories (issue #14 point 1): a fixed set grouped in families. The ids are stable
// strings kept in the database, the API, CSV exports and imports: never rename or reuse one (a
// label may change). Every expense has exactly one; "general" is the default and what expenses
// made before categories existed have.
import { z } from 'zod';
import type { Message } from './message.js';
import { messageText } from './message.js';
import { fieldError, fieldOk } from './validation/issues.js';
import type { FieldRead } from './validation/issues.js';

export interface CategoryFamily {
  readonly id: string;
  readonly label: string;
}

/** Families in the order pickers and charts show them. */
export const CATEGORY_FAMILIES = [
  { id: 'general', label: 'General' },
  { id: 'food', label: 'Food & drink' },
  { id: 'transport', label: 'Transport' },
  { id: 'home', label: 'Home' },
  { id: 'entertainment', label: 'Entertainment' },
  { id: 'travel', label: 'Travel' },
  { id: 'life', label: 'Life' },
] as const satisfies readonly CategoryFamily[];

export type CategoryFamilyId = (typeof CATEGORY_FAMILIES)[number]['id'];

export interface CategoryDefinition {
  readonly id: string;
  readonly family: CategoryFamilyId;
  readonly label: string;
  /** For text-only places (e-mails, push notifications, CSV readers); the web app draws icons. */
  readonly emoji: string;
}

/** Every category, grouped by family in CATEGORY_FAMILIES' order. */
export const CATEGORIES = [
  { id: 'general', family: 'general', label: 'General', emoji: '🧾' },
  { id: 'dining_out', family: 'food', label: 'Dining out', emoji: '🍽️' },
  { id: 'groceries', family: 'food', label: 'Groceries', emoji: '🛒' },
  { id: 'drinks', family: 'food', label: 'Drinks', emoji: '🍹' },
  { id: 'taxi', family: 'transport', label: 'Taxi', emoji: '🚕' },
  { id: 'fuel', family: 'transport', label: 'Fuel', emoji: '⛽' },
  { id: 'parking', family: 'transport', label: 'Parking', emoji: '🅿️' },
  { id: 'public_transport', family: 'transport', label: 'Public transport', emoji: '🚆' },
  { id: 'flights', family: 'transport', label: 'Flights', emoji: '✈️' },
  { id: 'car', family: 'transport', label: 'Car & tolls', emoji: '🚗' },
  { id: 'rent', family: 'home', label: 'Rent & mortgage', emoji: '🏠' },
  { id: 'utilities', family: 'home', label: 'Utilities', emoji: '💡' },
  { id: 'household_supplies', family: 'home', label: 'Household supplies', emoji: '🧴' },
  { id: 'furniture', family: 'home', label: 'Furniture', emoji: '🛋️' },
  { id: 'maintenance', family: 'home', label: 'Repairs & maintenance', emoji: '🔧' },
  { id: 'electronics', family: 'home', label: 'Electronics', emoji: '💻' },
  { id: 'services', family: 'home', label: 'Cleaning & services', emoji: '🧹' },
  { id: 'pets', family: 'home', label: 'Pets', emoji: '🐾' },
  { id: 'games', family: 'entertainment', label: 'Games', emoji: '🎮' },
  { id: 'movies', family: 'entertainment', label: 'Movies & streaming', emoji: '🎬' },
  { id: 'music', family: 'entertainment', label: 'Music & concerts', emoji: '🎵' },
  { id: 'sports', family: 'entertainment', label: 'Sports & fitness', emoji: '⚽' },
  { id: 'hotel', family: 'travel', label: 'Hotel & lodging', emoji: '🏨' },
  { id: 'gifts', family: 'life', label: 'Gifts', emoji: '🎁' },
  { id: 'medical', family: 'life', label: 'Medical', emoji: '💊' },
  { id: 'clothing', family: 'life', label: 'Clothing', emoji: '👕' },
  { id: 'education', family: 'life', label: 'Education', emoji: '🎓' },
  { id: 'childcare', family: 'life', label: 'Childcare', emoji: '🧸' },
  { id: 'insurance', family: 'life', label: 'Insurance', emoji: '🛡️' },
  { id: 'taxes', family: 'life', label: 'Taxes', emoji: '🏛️' },
] as const satisfies readonly CategoryDefinition[];

export type CategoryId = (typeof CATEGORIES)[number]['id'];
export type Category = (typeof CATEGORIES)[number];

/** What an expense gets when no category is given, and what older expenses have. */
export const DEFAULT_CATEGORY: CategoryId = 'general';

/** Every id, in CATEGORIES' order (a non-empty tuple, as z.enum wants it). */
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]];

const BY_ID: ReadonlyMap<string, Category> = new Map(CATEGORIES.map((c) => [c.id, c]));

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && BY_ID.has(value);
}

/** The category with this id; anything unknown (e.g. written by a later release) → General. */
export function categoryOf(id: string | null | undefined): Category {
  return BY_ID.get(id ?? '') ?? (BY_ID.get(DEFAULT_CATEGORY) as Category);
}

/** An id as stored or received → a known id (unknown → general). */
export function toCategoryId(id: string | null | undefined): CategoryId {
  return categoryOf(id).id;
}

export function categoryLabel(id: string | null | undefined): string {
  return categoryOf(id).label;
}

export function familyOf(id: string | null | undefined): (typeof CATEGORY_FAMILIES)[number] {
  const family = categoryOf(id).family;
  return CATEGORY_FAMILIES.find((f) => f.id === family) ?? CATEGORY_FAMILIES[0];
}

/** The families with their categories, in display order. */
export function categoriesByFamily(): {
  family: (typeof CATEGORY_FAMILIES)[number];
  categories: Category[];
}[] {
  return CATEGORY_FAMILIES.map((family) => ({
    family,
    categories: CATEGORIES.filter((c) => c.family === family.id),
  }));
}

export const MSG_INVALID_CATEGORY: Message = /*i18n*/ {
  id: 'categories.invalid',
  message:
    'Category must be one of the category ids that GET /api/categories lists (e.g. "groceries").',
};

/** The message for an unknown category, naming what was sent when it is text. */
export function unknownCategoryMessage(value: unknown): Message {
  return typeof value === 'string'
    ? /*i18n*/ {
        id: 'categories.unknown',
        message:
          'Unknown category "{value}". Category must be one of the category ids that GET /api/categories lists (e.g. "groceries").',
        values: { value: value.slice(0, 40) },
      }
    : MSG_INVALID_CATEGORY;
}

/**
 * Optional category of a request: absent, null or blank → null (create: general; an edit keeps
 * the stored one). Ids are read trimmed and case-insensitively ("Dining_Out" → dining_out).
 */
export function readOptionalCategory(input: unknown): FieldRead<CategoryId | null> {
  if (input === undefined || input === null) return fieldOk(null);
  if (typeof input !== 'string') return fieldError(unknownCategoryMessage(input));
  const text = input.trim().toLowerCase();
  if (text === '') return fieldOk(null);
  return isCategoryId(text) ? fieldOk(text) : fieldError(unknownCategoryMessage(input));
}

/** A category id, shared by the server's route schemas and the web forms. */
export const categoryIdSchema = z.enum(CATEGORY_IDS, {
  message: messageText(MSG_INVALID_CATEGORY),
});

// ---------------------------------------------------------------------------------------------
// Names from elsewhere: Splitwise's categories (its CSV export's Category column) and ours.

/**
 * Splitwise's category names, as its CSV export and API write them, → ours. Families' "Other"
 * entries are exported as plain "Other" and go to General.
 */
export const SPLITWISE_CATEGORIES: Readonly<Record<string, CategoryId>> = {
  General: 'general',
  Other: 'general',
  Uncategorized: 'general',
  'Dining out': 'dining_out',
  Groceries: 'groceries',
  Liquor: 'drinks',
  'Food and drink': 'dining_out',
  Taxi: 'taxi',
  'Gas/fuel': 'fuel',
  Parking: 'parking',
  'Bus/train': 'public_transport',
  Bicycle: 'public_transport',
  Plane: 'flights',
  Car: 'car',
  Transportation: 'public_transport',
  Hotel: 'hotel',
  Rent: 'rent',
  Mortgage: 'rent',
  Electricity: 'utilities',
  'Heat/gas': 'utilities',
  Water: 'utilities',
  'TV/Phone/Internet': 'utilities',
  Trash: 'utilities',
  Utilities: 'utilities',
  Cleaning: 'services',
  Services: 'services',
  'Household supplies': 'household_supplies',
  Furniture: 'furniture',
  Maintenance: 'maintenance',
  Electronics: 'electronics',
  Pets: 'pets',
  Home: 'household_supplies',
  Games: 'games',
  Movies: 'movies',
  Music: 'music',
  Sports: 'sports',
  Entertainment: 'games',
  Gifts: 'gifts',
  'Medical expenses': 'medical',
  Clothing: 'clothing',
  Education: 'education',
  Childcare: 'childcare',
  Insurance: 'insurance',
  Taxes: 'taxes',
  Life: 'general',
};

/** Lower case, accents and punctuation gone, spaces collapsed: "Heat / Gas" → "heat gas". */
function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const BY_NAME: ReadonlyMap<string, CategoryId> = (() => {
  const map = new Map<string, CategoryId>();
  for (const [name, id] of Object.entries(SPLITWISE_CATEGORIES)) map.set(nameKey(name), id);
  // Ours last, so our own exports (ids or labels) always import as themselves.
  for (const c of CATEGORIES) {
    map.set(nameKey(c.id), c.id);
    map.set(nameKey(c.label), c.id);
  }
  return map;
})();

/**
 * The category a name from an import means: a Splitwise category name ("Dining out",
 * "Heat/gas"), one of our ids or labels, in any case and with or without accents; a qualified
 * name ("Food and drink - Other") by its most specific part that means more than General
 * (here the family's). Anything else → General.
 */
export function categoryFromName(name: string | null | undefined): CategoryId {
  if (name === null || name === undefined) return DEFAULT_CATEGORY;
  const whole = BY_NAME.get(nameKey(name));
  if (whole !== undefined) return whole;
  // "Family - Category": the most specific part that names something more than General.
  const parts = name.split(/\s[-–>»]\s|\s*[:›]\s*/);
  for (const part of parts.reverse()) {
    const found = BY_NAME.get(nameKey(part));
    if (found !== undefined && found !== DEFAULT_CATEGORY) return found;
  }
  return DEFAULT_CATEGORY;
}

/** Our category as the Splitwise name that imports back as it (for exports meant for Splitwise). */
const SPLITWISE_NAME_OF: Readonly<Record<CategoryId, string>> = {
  general: 'General',
  dining_out: 'Dining out',
  groceries: 'Groceries',
  drinks: 'Liquor',
  taxi: 'Taxi',
  fuel: 'Gas/fuel',
  parking: 'Parking',
  public_transport: 'Bus/train',
  flights: 'Plane',
  car: 'Car',
  rent: 'Rent',
  utilities: 'Electricity',
  household_supplies: 'Household supplies',
  furniture: 'Furniture',
  maintenance: 'Maintenance',
  electronics: 'Electronics',
  services: 'Services',
  pets: 'Pets',
  games: 'Games',
  movies: 'Movies',
  music: 'Music',
  sports: 'Sports',
  hotel: 'Hotel',
  gifts: 'Gifts',
  medical: 'Medical expenses',
  clothing: 'Clothing',
  education: 'Education',
  childcare: 'Childcare',
  insurance: 'Insurance',
  taxes: 'Taxes',
};

export function splitwiseNameOf(id: string | null | undefined): string {
  return SPLITWISE_NAME_OF[toCategoryId(id)];
}
