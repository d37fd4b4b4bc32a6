// Money helpers: integer cents internally, en-US currency display. Written to be swapped for
// the equivalents in @evenly/core once it lands.
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency = 'USD'): string {
  let fmt = formatters.get(currency);
  if (!fmt) {
    try {
      fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    formatters.set(currency, fmt);
  }
  // Avoid "-$0.00" for tiny negative noise.
  const value = Math.abs(amount) < 0.005 ? 0 : amount;
  return fmt.format(value);
}

/** Converts a major-unit number (12.5) to integer cents (1250), rounding half away from zero. */
export function toCents(amount: number): number {
  const sign = amount < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(amount) * 100 + 1e-7);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Parses a plain decimal typed by a user ("12", "12.5", "12.50"); null when not a number. */
export function parseAmount(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** True when a typed amount has at most two decimals (spec §5: step 0.01). */
export function hasAtMostTwoDecimals(input: string): boolean {
  const dot = input.trim().indexOf('.');
  return dot === -1 || input.trim().length - dot - 1 <= 2;
}

/** Keeps only digits and one decimal point (spec §5 split inputs). */
export function sanitizeDecimalInput(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  return cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

/** Two decimals, no thousands separators: the format used inside messages ("1234.50"). */
export function plain2(amount: number): string {
  return (toCents(amount) / 100).toFixed(2);
}

/** Balances under half a cent count as zero (spec §9). */
export function isZero(amount: number): boolean {
  return Math.abs(amount) < 0.005;
}
