// TripReportService (issue #33 point 3): a group's report as a PDF for a date range, streamed.
// Before the first byte: membership (404/403), the spending sums of GET /groups/{id}/reports
// (the same service, so the figures are the API's) and one keyset walk over the entries for
// payments and nets. Then the document is written while a second walk reads the entries a
// batch at a time, waiting whenever the reader falls behind: memory holds a batch, a page and
// one receipt, whatever the size of the group.
import { cents } from '@evenly/core';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { fileSlug } from '../../http/attachment.js';
import type { Db } from '../../db/database.js';
import { findAccountById } from '../auth/index.js';
import { requireGroupMember } from '../groups/index.js';
import type { ReportOutput } from './report-canvas.js';
import { LedgerTotals } from './report-figures.js';
import { reportFileName } from './report-format.js';
import type { CurrencySummary, ReportContent, ReportEntry } from './report-sections.js';
import { receiptThumbnail } from './report-thumbnails.js';
import type { DateRange, ReportExpenseRow, WalkKey } from './trip-report.repository.js';
import {
  REPORT_BATCH,
  reportExpenseBatch,
  reportPaymentBatch,
  reportPeople,
} from './trip-report.repository.js';

type Collaborators = Pick<AppServices, 'reports' | 'receipts'>;

export interface TripReportOptions {
  range: DateRange;
  /** BCP 47, already checked. */
  locale: string;
  receipts: boolean;
  now: Date;
}

export interface TripReport {
  fileName: string;
  body: ReportOutput['body'];
}

/** One ordered walk as a stream of rows, a batch read at a time. */
async function* walk<T extends { date: string; createdAt: string; id: number }>(
  read: (key: WalkKey | null) => Promise<T[]>,
): AsyncGenerator<T> {
  let key: WalkKey | null = null;
  for (;;) {
    const rows = await read(key);
    yield* rows;
    const last = rows[rows.length - 1];
    if (rows.length < REPORT_BATCH || last === undefined) return;
    key = [last.date, last.createdAt, last.id];
  }
}

/** The group's expenses and payments in the range, merged by (date, created_at); expense first on a tie. */
async function* entriesOf(db: Db, groupId: number, range: DateRange): AsyncGenerator<ReportEntry> {
  const a = walk((key) => reportExpenseBatch(db, groupId, range, key, REPORT_BATCH));
  const b = walk((key) => reportPaymentBatch(db, groupId, range, key, REPORT_BATCH));
  let x = await a.next();
  let y = await b.next();
  while (!x.done || !y.done) {
    const expenseFirst =
      !x.done &&
      (y.done ||
        x.value.date < y.value.date ||
        (x.value.date === y.value.date && x.value.createdAt <= y.value.createdAt));
    if (expenseFirst && !x.done) {
      yield { kind: 'expense', row: x.value };
      x = await a.next();
    } else if (!y.done) {
      yield { kind: 'payment', row: y.value };
      y = await b.next();
    }
  }
}

export class TripReportService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  /** GET /groups/{id}/report.pdf (current members only: 404 unknown group, 403 not a member). */
  async report(userId: number, groupId: number, options: TripReportOptions): Promise<TripReport> {
    const { db, logger } = this.deps;
    const group = await requireGroupMember(db, groupId, userId);
    const sums = await this.services.reports.group(userId, groupId, options.range);
    const people = await reportPeople(db, groupId);

    const totals = new LedgerTotals();
    for await (const e of entriesOf(db, groupId, options.range)) {
      if (e.kind === 'expense') totals.addExpense(e.row);
      else totals.addPayment(e.row);
    }
    const currencies = summaries(
      sums,
      totals,
      group.defaultCurrency,
      people.map((p) => p.id),
    );

    const storage = this.services.receipts.storage;
    const content: ReportContent = {
      groupName: group.name,
      range: options.range,
      today: options.now.toISOString().slice(0, 10),
      people,
      currencies,
      entries: entriesOf(db, groupId, options.range),
      thumbnail: options.receipts
        ? (row: ReportExpenseRow) =>
            receiptThumbnail(storage, row.receiptKey ?? '', row.receiptContentType)
        : null,
    };
    // pdfkit and fontkit are loaded with the first report (report-render.ts says why).
    const { renderReport } = await import('./report-render.js');
    const output = renderReport(content, {
      groupName: group.name,
      locale: options.locale,
      now: options.now,
      onFailure: (err) => logger.error({ err, groupId }, 'trip report failed while streaming'),
    });
    return {
      fileName: reportFileName(fileSlug(group.name, 'group'), options.range.from, options.range.to),
      body: output.body,
    };
  }

  /** The reader's stored language (users.locale), or null: the report's words when none is asked for. */
  async storedLocale(userId: number): Promise<string | null> {
    const account = await findAccountById(this.deps.db, userId);
    return account?.locale ?? null;
  }
}

type GroupSums = Awaited<ReturnType<AppServices['reports']['group']>>;

/**
 * The summary of each currency: spending sums from the reports service, payments and nets from
 * the walk. The group's currency first, then as the reports order them, then payment-only ones.
 */
function summaries(
  sums: GroupSums,
  totals: LedgerTotals,
  groupCurrency: string,
  order: readonly number[],
): CurrencySummary[] {
  const currencies = [...sums.currencies.map((c) => c.currency)];
  for (const c of totals.currencies().sort()) if (!currencies.includes(c)) currencies.push(c);
  currencies.sort((a, b) => Number(b === groupCurrency) - Number(a === groupCurrency));
  const rank = new Map(order.map((id, i) => [id, i]));
  return currencies.map((currency) => {
    const spent = sums.currencies.find((c) => c.currency === currency);
    const figures = totals.people(currency);
    const ids = new Set([...(spent?.members.map((m) => m.userId) ?? []), ...figures.keys()]);
    const people = [...ids]
      .sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || a - b)
      .map((id) => {
        const m = spent?.members.find((x) => x.userId === id);
        const f = figures.get(id);
        return {
          id,
          paidCents: m?.paidCents ?? 0,
          shareCents: m?.shareCents ?? 0,
          sentCents: f?.sentCents ?? 0,
          receivedCents: f?.receivedCents ?? 0,
          netCents: cents(f?.netCents ?? 0),
        };
      });
    return {
      currency,
      totalCents: spent?.totalCents ?? 0,
      expenseCount: spent?.byCategory.reduce((n, l) => n + l.count, 0) ?? 0,
      byCategory: spent?.byCategory ?? [],
      byMonth: spent?.byMonth ?? [],
      people,
      plan: totals.plan(currency).map((p) => ({ from: p.from, to: p.to, cents: p.cents })),
    };
  });
}
