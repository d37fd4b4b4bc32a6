/**
 * Which receipts come from the same shop, for cross-validation by shop (issue #35): every receipt
 * of a shop must sit in one fold, or the parser is checked on shops it was tuned on.
 *
 * A shop is named by its labelled company name with what varies between a chain's receipts taken
 * off: legal forms (SDN BHD, S/B, …), bracketed branch or state names ("(TAMAN DAYA)", "(M)"),
 * "owned by" prefixes, and words that many unrelated shops share at the start (RESTORAN, KEDAI).
 * Two names are the same shop when their keys are equal, share their first 5 letters (MR D.I.Y.
 * (JOHOR) and MR. D.I.Y. (M)), one holds the other (GHEE HIANG GH DISTRIBUTOR… and GH
 * DISTRIBUTOR…), or they are 0.8 similar (label typos: TAII ORING / TAIL ORING). This errs on the
 * side of joining: a shop split over two folds would flatter the parser, two shops joined do not.
 */
import { levenshtein } from './metrics.js';

/** Words dropped wherever they stand: legal forms and trade descriptions. */
const DROPPED_WORDS = new Set([
  'SDN',
  'SBN',
  'BHD',
  'BND',
  'BERHAD',
  'SB',
  'PLT',
  'CO',
  'ENTERPRISE',
  'ENTERPRISES',
  'TRADING',
  'INC',
  'LLC',
  'LTD',
  'LIMITED',
  'PTE',
  'GMBH',
]);

/** Words that start many unrelated shops' names ("restaurant", "shop", "grocery"). */
const GENERIC_LEADING_WORDS = new Set(['RESTORAN', 'RESTAURANT', 'RESTARAN', 'KEDAI']);

/** "DIMILIKI OLEH : DOVE HOLDINGS", "OWNED BY CASTLE BLUE": the owner is the name kept. */
const OWNED_BY = /\b(?:DIMILIKI\s+OLEH|OWNED\s+BY|OWNER\s+BY)\b/;

/** The shop key of a labelled store name: upper case letters and digits only. */
export function shopKey(storeName: string): string {
  let s = storeName.toUpperCase();
  const owner = OWNED_BY.exec(s);
  if (owner) {
    const after = s.slice(owner.index + owner[0].length);
    if (/[A-Z]{2}/.test(after)) s = after;
  }
  s = s
    .replace(/\([^)]*\)?/g, ' ') // bracketed branch, state or "(M)"; an unclosed one to the end
    .replace(/\bS\s*\/\s*B\b/g, ' ')
    .replace(/[^A-Z0-9&]+/g, ' ');
  // Dots inside initials ("D.I.Y.", "S.H.H.") became spaces: join single letters back.
  s = s.replace(/\b([A-Z0-9])\s+(?=[A-Z0-9]\b)/g, '$1');
  const words = s.split(/[\s&]+/).filter((w) => w !== '' && !DROPPED_WORDS.has(w));
  while (words.length > 1 && GENERIC_LEADING_WORDS.has(words[0] ?? '')) words.shift();
  return words.join('');
}

/** Whether two shop keys name the same shop (see the module comment). */
export function sameShop(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5)) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length >= 6 && longer.includes(shorter)) return true;
  return 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1) >= 0.8;
}

export interface ShopReceipt {
  /** "<set>/<file>", e.g. "receipts-train/sroie-train-002.jpg". */
  id: string;
  storeName: string;
}

export interface ShopGroup {
  /** The key of the group's first store name in sorted order. */
  shop: string;
  storeNames: string[];
  receipts: string[];
}

/** Groups receipts by shop: connected components of `sameShop` over their keys. */
export function groupShops(receipts: readonly ShopReceipt[]): ShopGroup[] {
  const keys = [...new Set(receipts.map((r) => shopKey(r.storeName)))].sort();
  const parent = keys.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] ?? i] ?? i;
    return i;
  };
  for (let i = 0; i < keys.length; i++)
    for (let j = i + 1; j < keys.length; j++)
      if (sameShop(keys[i] ?? '', keys[j] ?? '')) parent[find(j)] = find(i);
  const byRoot = new Map<number, ShopGroup>();
  const sortedReceipts = [...receipts].sort((a, b) => a.id.localeCompare(b.id));
  for (const r of sortedReceipts) {
    const root = find(keys.indexOf(shopKey(r.storeName)));
    let group = byRoot.get(root);
    if (!group) {
      group = { shop: keys[root] ?? '', storeNames: [], receipts: [] };
      byRoot.set(root, group);
    }
    if (!group.storeNames.includes(r.storeName)) group.storeNames.push(r.storeName);
    group.receipts.push(r.id);
  }
  const groups = [...byRoot.values()];
  for (const g of groups) g.storeNames.sort();
  return groups.sort((a, b) => a.shop.localeCompare(b.shop));
}

/** A small seeded generator (mulberry32): the same folds on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Deals whole shops into `folds` folds of nearly equal receipt counts: shops in a seeded random
 * order, the larger first, each to the fold with the fewest receipts so far (the lower on a tie).
 */
export function assignFolds(groups: readonly ShopGroup[], folds: number, seed: number): number[] {
  const random = seededRandom(seed);
  const order = groups
    .map((g, i) => ({ i, size: g.receipts.length, r: random() }))
    .sort((a, b) => b.size - a.size || a.r - b.r);
  const counts = new Array<number>(folds).fill(0);
  const fold = new Array<number>(groups.length).fill(0);
  for (const { i, size } of order) {
    const k = counts.indexOf(Math.min(...counts));
    fold[i] = k;
    counts[k] = (counts[k] ?? 0) + size;
  }
  return fold;
}
