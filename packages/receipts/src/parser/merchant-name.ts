/**
 * The name people would write as an expense's description: the shop or brand from the printed
 * (often legal) store name, without the legal form, registration numbers or a "(M)" country
 * marker, in title case ("BANH MI CAFE SDN BHD" → "Banh Mi Cafe"). The printed name stays the
 * receipt's `storeName`; this one is kept apart as `merchantName`.
 */

/**
 * Legal forms at the end of a name, each after a space, comma or dot, so "SENTOSA" keeps its
 * "SA" (store-name.ts has already split suffixes OCR glued on: "STATIONERYSDNBHD").
 */
const LEGAL_TAIL =
  /(?:[\s,.]+(?:S[DO]N\.?\s?B[HN]D|SDN|S\/B|BHD|BERHAD|PTE|PTY|LTD|LIMITED|INC|INCORPORATED|LLC|L\.L\.C|GMBH|CORP|CORPORATION|PLC|CO|COMPANY|AG|S\.?A\.?S?|S\.?R\.?L|S\.?P\.?A|B\.?V|N\.?V|TBK)\.?)+[\s,.]*$/;

/** Words kept as they are printed: initialisms with dots ("D.I.Y."), or "&". */
const KEEP = /^(?:[A-Z]\.){2,}[A-Z]?\.?$|^&$/;
/** Short all-consonant words are read as initialisms ("KFC", "BBQ"), except these titles. */
const TITLES = new Set(['MR', 'MRS', 'MS', 'DR', 'ST', 'MT']);

function titleWord(word: string): string {
  const upper = word.toUpperCase();
  if (KEEP.test(upper)) return upper;
  const letters = upper.replace(/[^A-Z]/g, '');
  if (
    letters.length >= 2 &&
    letters.length <= 4 &&
    !/[AEIOUY]/.test(letters) &&
    !TITLES.has(letters)
  ) {
    return upper;
  }
  // Capitalise after the start, a hyphen or an opening bracket; "DOMINO'S" → "Domino's".
  return word
    .toLowerCase()
    .replace(/(^|[-(/"])(\p{L})/gu, (_, before: string, ch: string) => before + ch.toUpperCase());
}

/** The merchant name for a description, or null when nothing name-like is left. */
export function merchantNameOf(storeName: string | null): string | null {
  if (storeName === null) return null;
  let s = storeName
    // Registration numbers and a country marker in brackets: "(862725-U)", "(M)".
    .replace(/\(\s*(?:[A-Z]{0,3}\d[\dA-Z\s-]*|M|MALAYSIA)\s*\)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Strip the legal form repeatedly ("SDN. BHD.", "PTE. LTD.", "CO., LTD.").
  for (let i = 0; i < 3; i++) {
    const next = s.replace(new RegExp(LEGAL_TAIL.source, 'i'), '').trim();
    if (next === s || !/\p{L}{2,}/u.test(next)) break;
    s = next;
  }
  s = s.replace(/[\s,.:;&-]+$/, '').trim();
  if (!/\p{L}{2,}/u.test(s)) return null;
  return s.split(' ').map(titleWord).join(' ');
}
