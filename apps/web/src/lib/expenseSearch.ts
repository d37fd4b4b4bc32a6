// Expense search's filters (issue #14): read from the URL, checked as the server would check
// them, and where a result opens.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EMPTY_FILTERS, type SearchFilters } from '../api/search';
import type { Expense } from '../api/types';

const AMOUNT = /^\d{1,8}(\.\d{1,4})?$/;
/* eslint-disable lingui/no-unlocalized-strings -- URL parameter names */
export const FILTER_KEYS = [
  'minAmount',
  'maxAmount',
  'category',
  'personId',
  'from',
  'to',
] as const;
/* eslint-enable lingui/no-unlocalized-strings */

export function filtersOf(params: URLSearchParams): SearchFilters {
  const f = { ...EMPTY_FILTERS };
  for (const key of ['q', ...FILTER_KEYS] as const) f[key] = params.get(key) ?? '';
  return f;
}

/** Field problems the server would refuse (shown beside the field; nothing is sent). */
export function problems(
  i18n: I18n,
  f: SearchFilters,
): Partial<Record<keyof SearchFilters, string>> {
  const out: Partial<Record<keyof SearchFilters, string>> = {};
  if (f.minAmount !== '' && !AMOUNT.test(f.minAmount))
    out.minAmount = i18n._(msg`Enter an amount like 12.50.`);
  if (f.maxAmount !== '' && !AMOUNT.test(f.maxAmount))
    out.maxAmount = i18n._(msg`Enter an amount like 12.50.`);
  if (!out.minAmount && !out.maxAmount && f.minAmount !== '' && f.maxAmount !== '') {
    if (Number(f.minAmount) > Number(f.maxAmount))
      out.maxAmount = i18n._(msg`Must not be below the minimum.`);
  }
  if (f.from !== '' && f.to !== '' && f.from > f.to)
    out.to = i18n._(msg`Must not be before “From”.`);
  return out;
}

/** Where a result opens: in its group, or on the page of the friend it is shared with. */
export function expenseLink(e: Expense, meId: number): string {
  if (e.groupId !== null) return `/app/group/${e.groupId}?expense=${e.id}`;
  const people = [...e.payers.map((p) => p.user), ...e.splits.map((s) => s.owedBy)];
  const other = people.find((p) => p.id !== meId);
  return other ? `/app/friends/${other.id}?expense=${e.id}` : '/app/friends';
}
