// Suggesting an expense's category from what is typed and scanned (issue #14 point 1): the
// person's own history first (the category they most often gave a description like this one),
// then keywords in the description, then the receipt's shop name. Pure and fast (a few
// microseconds per call), so forms can run it on every keystroke. The suggestion only
// pre-selects a category while the person has not chosen one: callers never let it replace a
// choice.
import { CATEGORY_KEYWORDS } from './category-keywords.js';
import { DEFAULT_CATEGORY, isCategoryId } from './categories.js';
import type { CategoryId } from './categories.js';

/**
 * Text as matched: accents and case folded ("Café" → "cafe", "ß" → "ss"), dots inside
 * abbreviations dropped ("D.I.Y." → "diy"), apostrophes dropped ("Watson's" → "watsons"), any
 * other run of non-letters and non-digits one space.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/(\p{L})\.(?=\p{L})/gu, '$1')
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function words(text: string): string[] {
  const folded = foldText(text);
  return folded === '' ? [] : folded.split(' ');
}

// ---------------------------------------------------------------------------------------------
// Keywords

interface Pattern {
  /** Each word: exact (plural tolerated) or a stem (prefix). */
  readonly parts: readonly { readonly text: string; readonly stem: boolean }[];
  readonly category: CategoryId;
  readonly weight: number;
}

/** Singular candidates of a word: itself, without a final "s", without a final "es". */
function forms(word: string): string[] {
  const out = [word];
  if (word.length > 3 && word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.length > 4 && word.endsWith('es')) out.push(word.slice(0, -2));
  return out;
}

const PATTERNS: readonly Pattern[] = Object.entries(CATEGORY_KEYWORDS).flatMap(([category, list]) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry): Pattern => {
      const weak = entry.startsWith('~');
      const parts = (weak ? entry.slice(1) : entry).split(/\s+/).map((w) => ({
        text: w.endsWith('*') ? w.slice(0, -1) : w,
        stem: w.endsWith('*'),
      }));
      if (!isCategoryId(category)) throw new Error(`unknown category ${category}`);
      return { parts, category, weight: weak ? 0.5 : parts.length };
    }),
);

/** Single exact words by their text, for one lookup per word of the input. */
const EXACT = new Map<string, Pattern[]>();
const OTHERS: Pattern[] = [];
for (const p of PATTERNS) {
  const only = p.parts.length === 1 ? p.parts[0] : undefined;
  if (only !== undefined && !only.stem) {
    const list = EXACT.get(only.text) ?? [];
    list.push(p);
    EXACT.set(only.text, list);
  } else {
    OTHERS.push(p);
  }
}

function partMatches(part: Pattern['parts'][number], word: string): boolean {
  return part.stem ? word.startsWith(part.text) : forms(word).includes(part.text);
}

/**
 * The category the keywords in `text` point to, or null: each matching keyword adds its weight
 * to its category; the highest total wins, a tie going to the category named first.
 */
export function keywordCategory(text: string): CategoryId | null {
  const ws = words(text);
  if (ws.length === 0) return null;
  const score = new Map<CategoryId, { total: number; first: number }>();
  const add = (p: Pattern, at: number) => {
    const s = score.get(p.category);
    if (s === undefined) score.set(p.category, { total: p.weight, first: at });
    else s.total += p.weight;
  };
  ws.forEach((w, i) => {
    for (const form of forms(w)) for (const p of EXACT.get(form) ?? []) add(p, i);
  });
  for (const p of OTHERS) {
    for (let i = 0; i + p.parts.length <= ws.length; i++) {
      if (p.parts.every((part, k) => partMatches(part, ws[i + k] ?? ''))) add(p, i);
    }
  }
  let best: { category: CategoryId; total: number; first: number } | null = null;
  for (const [category, s] of score) {
    if (best === null || s.total > best.total || (s.total === best.total && s.first < best.first)) {
      best = { category, ...s };
    }
  }
  return best?.category ?? null;
}

// ---------------------------------------------------------------------------------------------
// History

/** Words that say nothing about what was bought (and legal forms of shop names). */
const STOP_WORDS = new Set(
  (
    'a an the and or of for to at in on with from by my our your his her their me us we i ' +
    'di dan ke untuk dengan der die das und mit fur le la les de des du et pour el los las y ' +
    'con para sdn bhd s b co ltd inc llc gmbh plc pte enterprise trading m'
  ).split(' '),
);

/**
 * A description as the history compares it: folded words without stop words or numbers
 * ("Dinner at Joe's, 12/3" → "dinner joes").
 */
export function descriptionKey(text: string): string {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w) && !/^\d+$/.test(w))
    .join(' ');
}

/** One description the person gave a category, and how much it counts. */
export interface CategoryHistoryEntry {
  /** A descriptionKey. */
  readonly description: string;
  readonly category: CategoryId;
  /** How often (same-group uses count double; see summarizeCategoryHistory). */
  readonly weight: number;
}

/** Most entries a history keeps (the most weighty). */
export const MAX_HISTORY_ENTRIES = 200;

/**
 * A person's recent expenses (newest first) as history entries: one per description key and
 * category, weighted by how often, an expense of `groupId` counting double. General carries no
 * choice (it is the default, and what older expenses have), so it is left out.
 */
export function summarizeCategoryHistory(
  expenses: readonly { description: string; category: string; groupId: number | null }[],
  groupId: number | null = null,
  limit = MAX_HISTORY_ENTRIES,
): CategoryHistoryEntry[] {
  const byKey = new Map<string, { description: string; category: CategoryId; weight: number }>();
  for (const e of expenses) {
    if (!isCategoryId(e.category) || e.category === DEFAULT_CATEGORY) continue;
    const description = descriptionKey(e.description);
    if (description === '') continue;
    const key = `${description}\u0000${e.category}`;
    const add = groupId !== null && e.groupId === groupId ? 2 : 1;
    const entry = byKey.get(key);
    if (entry === undefined) byKey.set(key, { description, category: e.category, weight: add });
    else entry.weight += add;
  }
  // Stable: among equal weights the more recent (met first) stays ahead.
  return [...byKey.values()].sort((a, b) => b.weight - a.weight).slice(0, limit);
}

/**
 * How alike a typed description is to a remembered one (0–1): shared words over all words. The
 * last typed word counts as shared when it starts a remembered word (it may be half typed).
 */
function likeness(typed: readonly string[], known: readonly string[]): number {
  if (typed.length === 0 || known.length === 0) return 0;
  const knownSet = new Set(known);
  let shared = 0;
  typed.forEach((w, i) => {
    if (knownSet.has(w)) shared++;
    else if (i === typed.length - 1 && w.length >= 3 && known.some((k) => k.startsWith(w))) {
      shared++;
    }
  });
  return shared / (typed.length + known.length - shared);
}

/** Similar enough to count as the same thing. */
const MIN_LIKENESS = 0.5;

function historyCategory(
  text: string,
  history: readonly CategoryHistoryEntry[],
): CategoryId | null {
  const key = descriptionKey(text);
  if (key === '' || history.length === 0) return null;
  const typed = key.split(' ');
  const exact = new Map<CategoryId, number>();
  const similar = new Map<CategoryId, number>();
  for (const h of history) {
    if (h.description === key) {
      exact.set(h.category, (exact.get(h.category) ?? 0) + h.weight);
      continue;
    }
    const like = likeness(typed, h.description.split(' '));
    if (like >= MIN_LIKENESS) {
      similar.set(h.category, (similar.get(h.category) ?? 0) + h.weight * like);
    }
  }
  const best = (scores: Map<CategoryId, number>): CategoryId | null => {
    let top: CategoryId | null = null;
    let topScore = 0;
    for (const [category, s] of scores) {
      if (s > topScore) {
        top = category;
        topScore = s;
      }
    }
    return top;
  };
  return best(exact) ?? best(similar);
}

// ---------------------------------------------------------------------------------------------

export type CategorySuggestionSource = 'history' | 'description' | 'merchant';

export interface CategorySuggestion {
  readonly category: CategoryId;
  /** What it came from: the person's history, keywords of the description, or the shop's name. */
  readonly source: CategorySuggestionSource;
}

export interface CategorySuggestionInput {
  readonly description?: string | null;
  /** The receipt's shop (as printed or as a name); may equal the description. */
  readonly merchant?: string | null;
  readonly history?: readonly CategoryHistoryEntry[];
}

/**
 * The category to pre-select, or null when nothing points anywhere (the form then shows
 * General): the person's history for the description, keywords of the description, the
 * person's history for the shop, keywords of the shop's name.
 */
export function suggestCategory(input: CategorySuggestionInput): CategorySuggestion | null {
  const description = input.description ?? '';
  const merchant = input.merchant ?? '';
  const history = input.history ?? [];
  const fromHistory = historyCategory(description, history);
  if (fromHistory !== null) return { category: fromHistory, source: 'history' };
  const fromWords = keywordCategory(description);
  if (fromWords !== null) return { category: fromWords, source: 'description' };
  const shopHistory = historyCategory(merchant, history);
  if (shopHistory !== null) return { category: shopHistory, source: 'history' };
  const fromShop = keywordCategory(merchant);
  if (fromShop !== null) return { category: fromShop, source: 'merchant' };
  return null;
}
