// What the trip report says, section by section (issue #33 point 3): the group, dates and members;
// per currency what each person paid, their share, payments and net, spending by category and by
// month, and the payments that settle the balances; then every expense and payment, read as it
// is written. Words come from report-messages.ts, numbers and dates from report-format.ts.
import { isolate } from './report-bidi.js';
import type { Column } from './report-canvas.js';
import { MUTED, ReportCanvas } from './report-canvas.js';
import type { MessageId, ReportWords } from './report-messages.js';
import type { ReportFormat } from './report-format.js';
import { printable } from './report-format.js';
import type { Thumbnail } from './report-thumbnails.js';
import type {
  DateRange,
  ReportExpenseRow,
  ReportPaymentRow,
  ReportPerson,
} from './trip-report.repository.js';

export interface PersonLine {
  id: number;
  paidCents: number;
  shareCents: number;
  sentCents: number;
  receivedCents: number;
  netCents: number;
}

export interface CurrencySummary {
  currency: string;
  totalCents: number;
  expenseCount: number;
  byCategory: { category: string; cents: number; count: number }[];
  byMonth: { month: string; cents: number }[];
  people: PersonLine[];
  plan: { from: number; to: number; cents: number }[];
}

export type ReportEntry =
  { kind: 'expense'; row: ReportExpenseRow } | { kind: 'payment'; row: ReportPaymentRow };

export interface ReportContent {
  groupName: string;
  range: DateRange;
  /** Today's date, YYYY-MM-DD. */
  today: string;
  people: readonly ReportPerson[];
  currencies: readonly CurrencySummary[];
  entries: AsyncIterable<ReportEntry>;
  /** The receipt of an expense, when the reader asked for them. */
  thumbnail: ((row: ReportExpenseRow) => Promise<Thumbnail>) | null;
}

/** The report's words in the reader's language, with `category(id)` for category names. */
export type Translate = ReportWords;

const PEOPLE_COLUMNS: Column[] = [
  { width: 140 },
  { width: 75, align: 'right' },
  { width: 75, align: 'right' },
  { width: 75, align: 'right' },
  { width: 75, align: 'right' },
  { width: 75, align: 'right' },
];
const CATEGORY_COLUMNS: Column[] = [
  { width: 215 },
  { width: 100, align: 'right' },
  { width: 100, align: 'right' },
  { width: 100, align: 'right' },
];
const MONTH_COLUMNS: Column[] = [{ width: 215 }, { width: 100, align: 'right' }];
const ENTRY_COLUMNS: Column[] = [
  { width: 70 },
  { width: 230 },
  { width: 110 },
  { width: 105, align: 'right' },
];
const SPLIT_LABEL: Readonly<Record<ReportExpenseRow['splitType'], MessageId>> = {
  EQUAL: 'splitEQUAL',
  EXACT: 'splitEXACT',
  PERCENTAGE: 'splitPERCENTAGE',
  SHARE: 'splitSHARE',
};
/** Printed size of a receipt thumbnail, in points. */
const THUMB_BOX = 56;

const BODY = { size: 9 } as const;
const SMALL = { size: 7.5, color: MUTED } as const;

export class ReportSections {
  private readonly names: ReadonlyMap<number, string>;

  constructor(
    private readonly canvas: ReportCanvas,
    private readonly t: Translate,
    private readonly fmt: ReportFormat,
    private readonly content: ReportContent,
  ) {
    // Isolated (report-bidi.ts): a name keeps its own direction inside any sentence.
    this.names = new Map(content.people.map((p) => [p.id, isolate(printable(p.name) || '?')]));
  }

  private name(id: number): string {
    return this.names.get(id) ?? '?';
  }

  private rangeText(): string {
    const { from, to } = this.content.range;
    if (from !== null && to !== null)
      return this.t('range', { from: this.fmt.date(from), to: this.fmt.date(to) });
    if (from !== null) return this.t('rangeFrom', { from: this.fmt.date(from) });
    if (to !== null) return this.t('rangeTo', { to: this.fmt.date(to) });
    return this.t('allDates');
  }

  title(): void {
    const c = this.canvas;
    c.ensure(200);
    c.line(this.t('title'), c.left, c.y, c.width, { size: 20, weight: 'bold' });
    c.y += ReportCanvas.lead(20);
    c.line(isolate(printable(this.content.groupName)), c.left, c.y, c.width, {
      size: 15,
      weight: 'bold',
    });
    c.y += ReportCanvas.lead(15) + 2;
    c.line(this.rangeText(), c.left, c.y, c.width, { size: 10 });
    c.y += ReportCanvas.lead(10);
    c.line(
      this.t('generated', { date: this.fmt.date(this.content.today) }),
      c.left,
      c.y,
      c.width,
      SMALL,
    );
    c.y += ReportCanvas.lead(7.5) + 6;
    c.heading(this.t('members'), 11);
    const members = this.content.people.map((p) => {
      const notes = [p.guest ? this.t('guest') : null, p.current ? null : this.t('formerMember')];
      const note = notes.filter((n) => n !== null).join(', ');
      return note === '' ? this.name(p.id) : `${this.name(p.id)} (${note})`;
    });
    c.paragraph(members, ', ', BODY);
  }

  currency(s: CurrencySummary): void {
    const c = this.canvas;
    const money = (minor: number) => this.fmt.money(minor, s.currency);
    c.y += 8;
    c.heading(this.t('currencySection', { currency: s.currency }), 13);
    c.paragraph(
      [
        this.t('totalSpent', {
          amount: money(s.totalCents),
          count: s.expenseCount,
          n: this.fmt.count(s.expenseCount),
        }),
      ],
      ' ',
      BODY,
    );

    c.heading(this.t('people'), 10);
    this.table(
      PEOPLE_COLUMNS,
      ['colPerson', 'colPaid', 'colShare', 'colSent', 'colReceived', 'colNet'],
      s.people.map((p) => [
        this.name(p.id),
        money(p.paidCents),
        money(p.shareCents),
        money(p.sentCents),
        money(p.receivedCents),
        this.fmt.signedMoney(p.netCents, s.currency),
      ]),
    );
    c.paragraph([this.t('netNote')], ' ', SMALL);

    if (s.byCategory.length > 0) {
      c.heading(this.t('byCategory'), 10);
      this.table(
        CATEGORY_COLUMNS,
        ['colCategory', 'colCount', 'colAmount', 'colPercent'],
        s.byCategory.map((l) => [
          this.t.category(l.category),
          this.fmt.count(l.count),
          money(l.cents),
          this.fmt.percent(l.cents, s.totalCents),
        ]),
      );
    }
    if (s.byMonth.length > 0) {
      c.heading(this.t('byMonth'), 10);
      this.table(
        MONTH_COLUMNS,
        ['colMonth', 'colAmount'],
        s.byMonth.map((m) => [this.fmt.month(m.month), money(m.cents)]),
      );
    }

    c.heading(this.t('balances'), 10);
    const plan =
      s.plan.length === 0
        ? [this.t('settled')]
        : s.plan.map((p) =>
            this.t('owes', {
              from: this.name(p.from),
              to: this.name(p.to),
              amount: money(p.cents),
            }),
          );
    for (const line of plan) c.paragraph([line], ' ', BODY, 1);
    c.paragraph([this.t('balancesNote')], ' ', SMALL);
  }

  /** A table whose header is drawn again at the top of each page it runs onto. */
  private table(columns: readonly Column[], headers: readonly MessageId[], rows: string[][]): void {
    const c = this.canvas;
    const header = () =>
      c.header(
        columns,
        headers.map((h) => this.t(h)),
      );
    header();
    c.repeatOnNewPage = header;
    for (const cells of rows) c.row(columns, cells, BODY);
    c.repeatOnNewPage = null;
  }

  private entryHeader(): void {
    this.canvas.header(ENTRY_COLUMNS, [
      this.t('colDate'),
      this.t('colDescription'),
      this.t('colPaidBy'),
      this.t('colAmount'),
    ]);
  }

  /** Every entry, oldest first; stops early (false) when the reader went away. */
  async entries(room: () => Promise<boolean>): Promise<boolean> {
    const c = this.canvas;
    c.y += 8;
    c.heading(this.t('entries'), 13);
    this.entryHeader();
    c.repeatOnNewPage = () => this.entryHeader();
    let any = false;
    for await (const e of this.content.entries) {
      any = true;
      if (e.kind === 'expense') await this.expense(e.row);
      else this.payment(e.row);
      if (!(await room())) return false;
    }
    c.repeatOnNewPage = null;
    if (!any) c.paragraph([this.t('nothing')], ' ', BODY);
    return true;
  }

  private async expense(r: ReportExpenseRow): Promise<void> {
    const c = this.canvas;
    const [dateCol, descCol, payerCol] = ENTRY_COLUMNS as [Column, Column, Column, Column];
    const money = (minor: number) => this.fmt.money(minor, r.currency);
    const descX = c.left + dateCol.width;
    const shares = r.splitUserIds.map((u, i) => `${this.name(u)} ${money(r.splitOwed[i] ?? 0)}`);
    const first = `${this.t.category(r.category)} · ${this.t(SPLIT_LABEL[r.splitType])}:`;
    const details = c.wrap(
      shares.length === 0 ? [first] : [`${first} ${shares[0] ?? ''}`, ...shares.slice(1)],
      ', ',
      descCol.width - 4,
      SMALL,
      3,
    );
    if (r.originalCurrency !== null && r.originalAmountCents !== null) {
      details.push(
        this.t('enteredAs', { amount: this.fmt.money(r.originalAmountCents, r.originalCurrency) }),
      );
    }
    const thumb =
      r.receiptKey !== null && this.content.thumbnail !== null
        ? await this.content.thumbnail(r)
        : null;
    if (thumb !== null && thumb.kind !== 'image') {
      const id =
        thumb.kind === 'pdf'
          ? 'receiptPdf'
          : thumb.kind === 'missing'
            ? 'receiptMissing'
            : 'receiptUnreadable';
      details.push(this.t(id));
    }
    const payers =
      r.payerUserIds.length === 1
        ? [this.name(r.payerUserIds[0] ?? 0)]
        : c.wrap(
            r.payerUserIds.map((u, i) => `${this.name(u)} ${money(r.payerAmounts[i] ?? 0)}`),
            ', ',
            payerCol.width - 4,
            { size: 8 },
            3,
          );
    const leftHeight =
      ReportCanvas.lead(BODY.size) +
      details.length * ReportCanvas.lead(SMALL.size) +
      (thumb?.kind === 'image' ? THUMB_BOX + 4 : 0);
    const height = Math.max(leftHeight, payers.length * ReportCanvas.lead(8)) + 5;
    c.ensure(height);
    const top = c.y;
    c.line(this.fmt.date(r.date), c.left, top, dateCol.width - 4, { size: 8.5 });
    c.line(isolate(printable(r.description)), descX, top, descCol.width - 4, BODY);
    this.amountCell(money(r.amountCents), top);
    payers.forEach((p, i) =>
      c.line(p, descX + descCol.width, top + i * ReportCanvas.lead(8), payerCol.width - 4, {
        size: 8,
      }),
    );
    let y = top + ReportCanvas.lead(BODY.size);
    for (const d of details) {
      c.line(d, descX, y, descCol.width - 4, SMALL);
      y += ReportCanvas.lead(SMALL.size);
    }
    if (thumb?.kind === 'image') c.image(thumb.jpeg, descX, y + 2, THUMB_BOX);
    c.y = top + height;
  }

  private payment(r: ReportPaymentRow): void {
    const c = this.canvas;
    const [dateCol, descCol, payerCol] = ENTRY_COLUMNS as [Column, Column, Column, Column];
    const descX = c.left + dateCol.width;
    const details = [this.t('paymentCategory')];
    if (r.originalCurrency !== null && r.originalAmountCents !== null) {
      details.push(
        this.t('enteredAs', { amount: this.fmt.money(r.originalAmountCents, r.originalCurrency) }),
      );
    }
    const height =
      ReportCanvas.lead(BODY.size) + details.length * ReportCanvas.lead(SMALL.size) + 5;
    c.ensure(height);
    const top = c.y;
    c.line(this.fmt.date(r.date), c.left, top, dateCol.width - 4, { size: 8.5 });
    const what = this.t('payment', { from: this.name(r.paidById), to: this.name(r.paidToId) });
    c.line(what, descX, top, descCol.width - 4, BODY);
    c.line(this.name(r.paidById), descX + descCol.width, top, payerCol.width - 4, { size: 8 });
    this.amountCell(this.fmt.money(r.amountCents, r.currency), top);
    let y = top + ReportCanvas.lead(BODY.size);
    for (const d of details) {
      c.line(d, descX, y, descCol.width - 4, SMALL);
      y += ReportCanvas.lead(SMALL.size);
    }
    c.y = top + height;
  }

  private amountCell(text: string, y: number): void {
    const c = this.canvas;
    const amountCol = ENTRY_COLUMNS[3] as Column;
    c.line(text, c.left + c.width - amountCol.width, y, amountCol.width, {
      ...BODY,
      align: 'right',
    });
  }
}
