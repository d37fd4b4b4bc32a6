/**
 * Scoring helpers for the receipt evaluation: store-name normalisation and similarity, date and
 * total comparison, percentiles.
 */

const LEGAL_SUFFIXES = [
  'SDN BHD',
  'SDN BND',
  'SDN',
  'BHD',
  'BERHAD',
  'S/B',
  'SB',
  'INC',
  'INCORPORATED',
  'LLC',
  'L.L.C.',
  'LTD',
  'LIMITED',
  'GMBH',
  'CORP',
  'CORPORATION',
  'CO',
  'COMPANY',
  'PTE',
  'PLC',
  'PTY',
  'AG',
  'SA',
  'SAS',
  'SRL',
  'BV',
];

/** Upper-cases, drops legal suffixes, punctuation and spaces. */
export function normaliseStoreName(name: string): string {
  let s = name.toUpperCase().replace(/[^\p{L}\p{N}/&\s]/gu, ' ');
  for (const suffix of LEGAL_SUFFIXES) {
    const escaped = suffix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\s/g, '\\s*');
    s = s.replace(new RegExp(String.raw`(?<![\p{L}\p{N}])${escaped}(?![\p{L}\p{N}])`, 'gu'), ' ');
  }
  // Suffixes glued to the name by OCR that dropped the spaces: "STATIONERYSDNBHD".
  return s
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/(?:SDNBHD|SDNBND|BHD|BERHAD|INC|LLC|LTD|GMBH|PTELTD|CORP)$/u, '');
}

/** Levenshtein distance. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/** Similarity 0–1 of two store names after normalisation (1 − edit distance / longer length). */
export function storeNameSimilarity(a: string, b: string): number {
  const x = normaliseStoreName(a);
  const y = normaliseStoreName(b);
  if (x.length === 0 && y.length === 0) return 1;
  const longer = Math.max(x.length, y.length);
  return 1 - levenshtein(x, y) / longer;
}

export function storeNameMatches(
  predicted: string | null,
  label: string,
  threshold = 0.8,
): boolean {
  return predicted !== null && storeNameSimilarity(predicted, label) >= threshold;
}

export function totalMatches(predicted: number | null, label: number): boolean {
  return predicted !== null && Math.round(predicted * 100) === Math.round(label * 100);
}

export function dateMatches(
  predicted: string | null,
  label: string,
  alternatives: readonly string[] = [],
): boolean {
  return predicted !== null && (predicted === label || alternatives.includes(predicted));
}

/** Nearest-rank percentile of a list of numbers (p in 0–100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? 0;
}
