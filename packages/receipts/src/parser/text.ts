/**
 * Shared text helpers for the rule-based receipt parser: line splitting, OCR clean-up and
 * money-token extraction. Amounts are handled as integer cents; floating point never touches money.
 */

export interface MoneyToken {
  /** Signed amount in cents. */
  cents: number;
  /** Character offset of the token in the line. */
  index: number;
  /** The matched text. */
  raw: string;
  /** True when the token carried a currency marker (RM, $, €, EUR…). */
  hasCurrency: boolean;
}

export interface ReceiptLine {
  /** Index of the line in the receipt. */
  index: number;
  /** The line as read (trimmed). */
  text: string;
  /** Upper-cased text with common OCR confusions fixed, for matching. */
  upper: string;
  /** Money tokens found on the line, left to right. */
  amounts: MoneyToken[];
}

const CURRENCY_PREFIX = String.raw`(?:RM|MYR|USD|US\$|S\$|SGD|A\$|AUD|C\$|CAD|NZ\$|EUR|GBP|CHF|HK\$|\$|€|£)`;

/**
 * A money amount with exactly two decimals: `12.50`, `1,234.50`, `1.234,50`, `RM 9.00`, `-2.37`,
 * `$8.70`, `12,50 €`, `2.37-`. Three-decimal unit prices (`9.000`) and times (`12:06`) do not match.
 */
const MONEY_RE = new RegExp(
  String.raw`(?<![\d.,])(-)?(${CURRENCY_PREFIX}\s?)?(-)?(\d{1,3}(?:[,.'’]\d{3})+|\d+)([.,])(\d{2})(?![\d]|[.,]\d|\s?%)(-(?![\w]))?(\s?(?:€|EUR))?`,
  'g',
);

/** Fixes OCR letter/digit confusions next to currency markers and inside numbers. */
export function cleanOcrLine(line: string): string {
  return (
    line
      .replace(/\t/g, ' ')
      .replace(/[，]/g, ',')
      .replace(/[：]/g, ':')
      .replace(/[（]/g, '(')
      .replace(/[）]/g, ')')
      // RMO.02 / $O.50 → RM0.02
      .replace(/(RM|\$)\s?[Oo](?=[.,]\d)/g, '$10')
      // RM5:00 → RM5.00 (colon read for the decimal point after a currency marker)
      .replace(/((?:RM|\$)\s?\d+)[:;](?=[\dOo]{2}(?![\dA-Za-z]))/g, '$1.')
      // RM 14-10 → RM 14.10 (a bold decimal point read as a dash after a currency marker)
      .replace(/((?:RM|\$)\s?\d+)-(?=\d{2}(?![\dA-Za-z/.-]))/g, '$1.')
      // 5.O0 / 5.0O → 5.00
      .replace(/(?<=\d[.,])[Oo](?=[\dOo](?![\dA-Za-z]))/g, '0')
      .replace(/(?<=\d[.,]\d)[Oo](?![\dA-Za-z])/g, '0')
      // 1O.50 → 10.50 (letter O between digits)
      .replace(/(?<=\d)[Oo](?=\d|[.,]\d\d)/g, '0')
      // 12. 50 → 12.50 (a stray space after the decimal point)
      .replace(/(?<=\d)\.\s(?=\d\d(?!\d))/g, '.')
  );
}

/** Parses the money tokens of one line. */
export function findAmounts(line: string): MoneyToken[] {
  const tokens: MoneyToken[] = [];
  for (const m of line.matchAll(MONEY_RE)) {
    const [raw, minusBefore, currency, minusAfterCurrency, intPart = '', , decimals = ''] = m;
    const trailingMinus = m[7];
    const currencyAfter = m[8];
    const digits = intPart.replace(/[,.'’]/g, '');
    if (digits.length > 9) continue;
    const unsigned = Number(digits) * 100 + Number(decimals);
    const negative = Boolean(minusBefore ?? minusAfterCurrency ?? trailingMinus);
    tokens.push({
      cents: negative ? -unsigned : unsigned,
      index: m.index,
      raw: raw.trim(),
      hasCurrency: Boolean(currency ?? currencyAfter),
    });
  }
  return tokens;
}

/** Splits raw text into cleaned lines with their money tokens; blank lines are dropped. */
export function toLines(rawText: string): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  for (const rawLine of rawText.split(/\r?\n/)) {
    const text = cleanOcrLine(rawLine).replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    const upper = text.toUpperCase();
    lines.push({ index: lines.length, text, upper, amounts: findAmounts(upper) });
  }
  return lines;
}

/** Letters in a string (any script). */
export function letterCount(s: string): number {
  return (s.match(/\p{L}/gu) ?? []).length;
}

/** Digits in a string. */
export function digitCount(s: string): number {
  return (s.match(/\d/g) ?? []).length;
}

/** Text of a line with its money tokens removed. */
export function withoutAmounts(line: ReceiptLine): string {
  let out = line.upper;
  for (const a of [...line.amounts].reverse()) {
    out = out.slice(0, a.index) + ' ' + out.slice(a.index + a.raw.length);
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Converts cents to a JSON number in major units (never -0). */
export function centsToNumber(cents: number): number {
  const n = Math.round(cents) / 100;
  return n === 0 ? 0 : n;
}

/** Edit distance between two short strings, giving up (returning max + 1) beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/** Digits OCR reads for look-alike letters, inside a word that is mostly letters ("T0TAL"). */
const DIGIT_AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/**
 * Replaces words OCR misspelt by the vocabulary word they are one edit away from (two for words
 * of seven letters or more): "TOTL AMT POYABLE" → "TOTAL AMT PAYABLE", "CHONGE" → "CHANGE".
 * Words of fewer than four letters, words equally close to two vocabulary words, and the
 * `protect`ed real words that sit one edit from a vocabulary word ("CHARGE") stay as printed.
 */
export function fixOcrWords(
  upper: string,
  vocabulary: readonly string[],
  protect: ReadonlySet<string> = NOTHING,
): string {
  // Receipts repeat their words: remember each word's reading per vocabulary and protected set.
  let byProtect = wordCache.get(vocabulary);
  if (!byProtect) wordCache.set(vocabulary, (byProtect = new WeakMap()));
  let cache = byProtect.get(protect);
  if (!cache || cache.size > 20_000) byProtect.set(protect, (cache = new Map()));
  const known = cache;
  return upper.replace(/(?<![A-Z0-9])[A-Z][A-Z0-9]{3,}(?![A-Z0-9])/g, (word) => {
    let fixed = known.get(word);
    if (fixed === undefined) {
      fixed = fixWord(word, vocabulary, protect);
      known.set(word, fixed);
    }
    return fixed;
  });
}

const NOTHING: ReadonlySet<string> = new Set();
const wordCache = new WeakMap<
  readonly string[],
  WeakMap<ReadonlySet<string>, Map<string, string>>
>();

/** One word's reading (see fixOcrWords). */
function fixWord(
  word: string,
  vocabulary: readonly string[],
  protect: ReadonlySet<string>,
): string {
  if (/\d/.test(word) && (word.match(/\d/g) ?? []).length * 3 > word.length) return word;
  const w = word.replace(/[0158]/g, (d) => DIGIT_AS_LETTER[d] ?? d);
  if (vocabulary.includes(w) || protect.has(w)) return w;
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  for (const v of vocabulary) {
    const max = v.length >= 7 ? 2 : 1;
    const d = editDistance(w, v, max);
    if (d > max) continue;
    if (d < bestDistance) {
      best = v;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && v !== best) tie = true;
  }
  return best && !tie ? best : word;
}
