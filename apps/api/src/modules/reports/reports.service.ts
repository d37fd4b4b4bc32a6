// ReportService (issue #14 point 3): a group's spending by category, by month and each member's
// paid versus share; the caller's own share by category and by month over every group and
// friend. Sums come from SQL in integer cents (reports.repository.ts); this arranges them per
// currency. Categories a release does not know are read as General, as everywhere else.
import { toCategoryId } from '@evenly/core';
import type { CategoryId } from '@evenly/core';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { requireGroupMember } from '../groups/index.js';
import type { CategorySum, MonthSum, ReportRange } from './reports.repository.js';
import { groupReportSums, myReportSums } from './reports.repository.js';

export interface CategoryLine {
  category: CategoryId;
  cents: number;
  count: number;
}
export interface MonthLine {
  month: string;
  cents: number;
}
export interface MemberLine {
  userId: number;
  name: string;
  paidCents: number;
  shareCents: number;
}

export interface CurrencyReport {
  currency: string;
  totalCents: number;
  byCategory: CategoryLine[];
  byMonth: MonthLine[];
}

export interface GroupReport {
  groupId: number;
  range: ReportRange;
  currencies: (CurrencyReport & { members: MemberLine[] })[];
}

export interface MyReport {
  range: ReportRange;
  currencies: CurrencyReport[];
}

/** Per currency: categories by amount (largest first), months in order, and the total. */
function arrange(
  byCategory: readonly CategorySum[],
  byMonth: readonly MonthSum[],
): CurrencyReport[] {
  const out = new Map<string, CurrencyReport>();
  const of = (currency: string): CurrencyReport => {
    let r = out.get(currency);
    if (r === undefined) {
      r = { currency, totalCents: 0, byCategory: [], byMonth: [] };
      out.set(currency, r);
    }
    return r;
  };
  for (const c of byCategory) {
    const r = of(c.currency);
    const category = toCategoryId(c.category);
    r.totalCents += c.cents;
    const line = r.byCategory.find((l) => l.category === category);
    if (line === undefined) r.byCategory.push({ category, cents: c.cents, count: c.count });
    else {
      line.cents += c.cents;
      line.count += c.count;
    }
  }
  for (const m of byMonth) of(m.currency).byMonth.push({ month: m.month, cents: m.cents });
  for (const r of out.values()) {
    r.byCategory.sort((a, b) => b.cents - a.cents || a.category.localeCompare(b.category));
    r.byMonth.sort((a, b) => a.month.localeCompare(b.month));
  }
  return [...out.values()];
}

export class ReportService {
  constructor(protected readonly deps: ServiceDeps) {}

  /** 404 unknown group, 403 not a current member. */
  async group(callerId: number, groupId: number, range: ReportRange): Promise<GroupReport> {
    const group = await requireGroupMember(this.deps.db, groupId, callerId);
    const sums = await groupReportSums(this.deps.db, groupId, range);
    const currencies = arrange(sums.byCategory, sums.byMonth).map((r) => ({
      ...r,
      members: sums.members
        .filter((m) => m.currency === r.currency)
        .map(({ userId, name, paidCents, shareCents }) => ({ userId, name, paidCents, shareCents }))
        .sort((a, b) => b.paidCents - a.paidCents || a.name.localeCompare(b.name)),
    }));
    // The group's own currency first, then the largest totals.
    currencies.sort(
      (a, b) =>
        Number(b.currency === group.defaultCurrency) -
          Number(a.currency === group.defaultCurrency) || b.totalCents - a.totalCents,
    );
    return { groupId, range, currencies };
  }

  async mine(
    callerId: number,
    range: ReportRange & { currency: string | null },
  ): Promise<MyReport> {
    const sums = await myReportSums(this.deps.db, callerId, range);
    const currencies = arrange(sums.byCategory, sums.byMonth).sort(
      (a, b) => b.totalCents - a.totalCents || a.currency.localeCompare(b.currency),
    );
    return { range: { from: range.from, to: range.to }, currencies };
  }
}
