// Rules shared by expenses and payments.
import { ValidationError } from '../../errors/app-errors.js';

export function groupCurrencyMessage(currency: string): string {
  return `Expenses and payments in this group must be in ${currency}.`;
}

/**
 * The currency of an expense or payment (§1.4): as requested, else as stored (edits), else the
 * group's, else USD; in a group it must be the group's currency.
 */
export function entryCurrency(
  requested: string | null | undefined,
  stored: string | null,
  group: { defaultCurrency: string } | null,
): string {
  const currency = requested ?? stored ?? group?.defaultCurrency ?? 'USD';
  if (group !== null && currency !== group.defaultCurrency) {
    const message = groupCurrencyMessage(group.defaultCurrency);
    throw new ValidationError(message, [{ field: 'currency', message }]);
  }
  return currency;
}
