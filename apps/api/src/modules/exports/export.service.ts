// Exports (issue #14, #31 point 6): a group's expenses and payments as a Splitwise-style CSV
// (with what converted entries were entered as), as JSON or as a zip with its receipts, and
// everything an account can see as JSON. All are produced as streams of text read from the
// database in keyset batches, so an export of any size runs in constant memory.
import type { Readable } from 'node:stream';
import { cents, splitwiseNameOf } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { userOut } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { findUserById } from '../auth/index.js';
import type { ReceiptLinker } from '../expenses/index.js';
import { expenseOut, paymentOut } from '../expenses/index.js';
import { loadExpenseViews } from '../expenses/index.js';
import { expenseEffectDebts } from '../ledger/index.js';
import { acceptedOf } from '../friendships/index.js';
import { groupOut } from '../groups/index.js';
import { requireGroupMember } from '../groups/index.js';
import { loadPaymentViews } from '../payments/index.js';
import type { ExportKey } from './export.repository.js';
import {
  EXPORT_BATCH,
  everyoneWhoBelonged,
  groupExpenseBatch,
  groupPaymentBatch,
  groupReceiptBatch,
  visibleExpenseIds,
  visiblePaymentIds,
} from './export.repository.js';
import { commentsByExpense, groupJson } from './group-json.js';
import type { ReceiptMode } from './group-json.js';
import { groupZip } from './group-zip.js';
import { csvHeader, csvRows, csvTotals, PAYMENT_CATEGORY } from '../imports/index.js';
import type { CsvWords } from '../imports/index.js';
import { translatorForRecipient } from '../../i18n/index.js';
import type { Translator } from '../../i18n/index.js';
import { findAccountById } from '../auth/index.js';
import type { CsvEntry, OriginalCost } from '../imports/index.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'groups' | 'receipts' | 'payMethods'>;

export { EXPORT_BATCH } from './export.repository.js';

interface Entry {
  kind: 'expense' | 'payment';
  id: number;
  date: string;
  /** created_at as PostgreSQL text (microseconds kept), for the keyset. */
  createdAt: string;
  description: string;
  category: string;
  amountCents: number;
  currency: string;
  original: OriginalCost | null;
  /** [userId, +paid / −owed] */
  moves: [number, number][];
}

/** What a converted entry was entered as (the CSV's original-cost columns). */
function originalOf(r: {
  originalCurrency: string | null;
  originalAmountCents: number | null;
}): OriginalCost | null {
  return r.originalCurrency === null || r.originalAmountCents === null
    ? null
    : { costCents: cents(r.originalAmountCents), currency: r.originalCurrency };
}

async function* expenseEntries(db: Db, groupId: number): AsyncGenerator<Entry> {
  let key: ExportKey | null = null;
  for (;;) {
    const rows = await groupExpenseBatch(db, groupId, key, EXPORT_BATCH);
    for (const r of rows) {
      // The effect as the ledger books it (each share owed to the payers pro rata), so the
      // totals equal the balances to the cent; with one payer that is paid − owed exactly.
      let moves: [number, number][];
      if (r.payerUserIds.length === 1) {
        moves = [[r.payerUserIds[0] ?? 0, Number(r.payerAmounts[0] ?? 0)]];
        r.splitUserIds.forEach((u, i) => moves.push([u, -Number(r.splitOwed[i] ?? 0)]));
      } else {
        const debts = expenseEffectDebts(
          r.payerUserIds.map((userId, i) => ({
            userId,
            amountPaidCents: Number(r.payerAmounts[i] ?? 0),
          })),
          r.splitUserIds.map((userId, i) => ({ userId, owedCents: Number(r.splitOwed[i] ?? 0) })),
        );
        moves = debts.flatMap((d): [number, number][] => [
          [d.to, d.cents],
          [d.from, -d.cents],
        ]);
      }
      yield {
        kind: 'expense',
        id: r.id,
        date: r.date,
        createdAt: r.createdAt,
        description: r.description,
        category: splitwiseNameOf(r.category),
        amountCents: r.amountCents,
        currency: r.currency,
        original: originalOf(r),
        moves,
      };
    }
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_BATCH || last === undefined) return;
    key = [last.date, last.createdAt, last.id];
  }
}

async function* paymentEntries(
  db: Db,
  groupId: number,
  names: ReadonlyMap<number, string>,
): AsyncGenerator<Entry> {
  let key: ExportKey | null = null;
  for (;;) {
    const rows = await groupPaymentBatch(db, groupId, key, EXPORT_BATCH);
    for (const r of rows) {
      yield {
        kind: 'payment',
        id: r.id,
        date: r.date,
        createdAt: r.createdAt,
        description: `${names.get(r.paidById) ?? ''} paid ${names.get(r.paidToId) ?? ''}`,
        category: PAYMENT_CATEGORY,
        amountCents: r.amountCents,
        currency: r.currency,
        original: originalOf(r),
        moves: [
          [r.paidById, r.amountCents],
          [r.paidToId, -r.amountCents],
        ],
      };
    }
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_BATCH || last === undefined) return;
    key = [last.date, last.createdAt, last.id];
  }
}

/** Two ordered streams as one, by (date, createdAt); an expense before a payment on a tie. */
async function* merged(a: AsyncGenerator<Entry>, b: AsyncGenerator<Entry>): AsyncGenerator<Entry> {
  let x = await a.next();
  let y = await b.next();
  while (!x.done || !y.done) {
    const takeA =
      y.done ||
      (!x.done &&
        (x.value.date < y.value.date ||
          (x.value.date === y.value.date && x.value.createdAt <= y.value.createdAt)));
    if (takeA && !x.done) {
      yield x.value;
      x = await a.next();
    } else if (!y.done) {
      yield y.value;
      y = await b.next();
    }
  }
}

/** Column names for people: their names, a repeated one numbered ("Ann (2)"). */
export function columnNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const base = raw.trim() === '' ? 'Unnamed' : raw.trim();
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${String(n)})`;
    used.add(name.toLowerCase());
    return name;
  });
}

export interface GroupCsv {
  fileName: string;
  lines: AsyncGenerator<string>;
}

export interface GroupDownload<T> {
  fileName: string;
  body: T;
}

/** A group's name as a file name's first part: letters and digits, the rest dashes. */
function slugOf(name: string): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'group';
}

export class ExportService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  /** The reader's language: their stored one, else their request's Accept-Language (issue #32). */
  async readerTranslator(userId: number, acceptLanguage: string | undefined): Promise<Translator> {
    const account = await findAccountById(this.deps.db, userId);
    return translatorForRecipient(account?.locale, acceptLanguage);
  }

  /** GET /groups/{id}/export.csv (current members only). */
  async groupCsv(
    userId: number,
    groupId: number,
    today: string,
    words: CsvWords | null = null,
  ): Promise<GroupCsv> {
    const db = this.deps.db;
    const group = await requireGroupMember(db, groupId, userId);
    // Everyone who ever belonged (former members' entries still count), in joining order.
    const people = await everyoneWhoBelonged(db, groupId);
    const names = new Map(people.map((p) => [p.id, p.name]));
    const columns = columnNames(people.map((p) => p.name));
    const index = new Map(people.map((p, i) => [p.id, i]));
    const slug = slugOf(group.name);
    async function* lines(): AsyncGenerator<string> {
      yield words === null ? csvHeader(columns) : csvHeader(columns, words.columns);
      const totals = new Map<string, number[]>();
      let pending: CsvEntry[] = [];
      for await (const e of merged(
        expenseEntries(db, groupId),
        paymentEntries(db, groupId, names),
      )) {
        const effects = columns.map(() => 0);
        for (const [u, v] of e.moves) {
          const i = index.get(u);
          if (i === undefined)
            throw new Error(`person ${String(u)} is not in group ${String(groupId)}`);
          effects[i] = cents((effects[i] ?? 0) + v);
        }
        const t = totals.get(e.currency) ?? columns.map(() => 0);
        effects.forEach((v, i) => (t[i] = cents((t[i] ?? 0) + v)));
        totals.set(e.currency, t);
        pending.push({
          date: e.date,
          description: e.description,
          categoryName: e.category,
          costCents: e.amountCents,
          currency: e.currency,
          original: e.original,
          effects,
        });
        // One chunk per batch: fewer, larger writes to the socket.
        if (pending.length >= EXPORT_BATCH) {
          yield csvRows(pending);
          pending = [];
        }
      }
      if (pending.length > 0) yield csvRows(pending);
      if (totals.size === 0)
        totals.set(
          group.defaultCurrency,
          columns.map(() => 0),
        );
      yield csvTotals(today, totals, words?.totalBalance);
    }
    return { fileName: `${slug}_${today}_export.csv`, lines: lines() };
  }

  /** GET /groups/{id}/export.json (current members only): receipts as signed links. */
  async groupJson(
    userId: number,
    groupId: number,
    link: ReceiptLinker,
    now: Date,
  ): Promise<GroupDownload<AsyncGenerator<string>>> {
    const db = this.deps.db;
    const group = await this.services.groups.get(userId, groupId);
    const people = await everyoneWhoBelonged(db, groupId);
    const receipts: ReceiptMode = { kind: 'links', link };
    return {
      fileName: `${slugOf(group.name)}_${now.toISOString().slice(0, 10)}_export.json`,
      body: groupJson({ db, group, people, receipts, now }),
    };
  }

  /** GET /groups/{id}/export.zip (current members only): the JSON with the receipt files. */
  async groupZip(userId: number, groupId: number, now: Date): Promise<GroupDownload<Readable>> {
    const db = this.deps.db;
    const group = await this.services.groups.get(userId, groupId);
    const people = await everyoneWhoBelonged(db, groupId);
    const storage = this.services.receipts.storage;
    const logger = this.deps.logger;
    async function* receipts() {
      let after = 0;
      for (;;) {
        const rows = await groupReceiptBatch(db, groupId, after, EXPORT_BATCH);
        yield* rows;
        const last = rows[rows.length - 1];
        if (rows.length < EXPORT_BATCH || last === undefined) return;
        after = last.id;
      }
    }
    const body = groupZip({
      receipts: receipts(),
      read: (key) => storage.get(key),
      json: (missing) =>
        groupJson({ db, group, people, receipts: { kind: 'files', missing }, now }),
      onMissing: (expenseId, error) =>
        logger.warn({ err: error, expenseId, groupId }, 'receipt file unreadable in group export'),
      mtime: now,
    });
    return { fileName: `${slugOf(group.name)}_${now.toISOString().slice(0, 10)}_export.zip`, body };
  }

  /** GET /me/export: the account and everything it can see, as one JSON document in pieces. */
  async *accountJson(userId: number, link: ReceiptLinker, now: Date): AsyncGenerator<string> {
    const db = this.deps.db;
    const me = await findUserById(db, userId);
    if (me === undefined) throw new Error('caller vanished');
    const friends = (await acceptedOf(db, userId)).map((f) => userOut(f.other));
    const groups = (await this.services.groups.listMine(userId)).map((g) => groupOut(g));
    const head = {
      format: 'evenly-account-export',
      version: 1,
      exportedAt: now.toISOString(),
      profile: {
        id: me.id,
        name: me.name,
        email: me.email,
        homeCurrency: me.homeCurrency,
        locale: me.locale,
        timeZone: me.timeZone,
        createdAt: me.createdAt.toISOString(),
      },
      // What the person entered under "How to pay me" is their data too.
      payMethods: await this.services.payMethods.mine(userId),
      friends,
      groups,
    };
    const headText = JSON.stringify(head, null, 2);
    yield headText.slice(0, -2) + ',\n  "expenses": [';
    let first = true;
    let after = 0;
    for (;;) {
      const ids = await visibleExpenseIds(db, userId, after, EXPORT_BATCH);
      if (ids.length === 0) break;
      const views = await loadExpenseViews(db, ids);
      const byExpense = await commentsByExpense(db, ids);
      const parts = views.map((v) =>
        JSON.stringify({ ...expenseOut(v, link), comments: byExpense.get(v.id) ?? [] }),
      );
      yield (first ? '\n    ' : ',\n    ') + parts.join(',\n    ');
      first = false;
      after = ids[ids.length - 1] ?? after;
      if (ids.length < EXPORT_BATCH) break;
    }
    yield (first ? '' : '\n  ') + '],\n  "payments": [';
    first = true;
    after = 0;
    for (;;) {
      const ids = await visiblePaymentIds(db, userId, after, EXPORT_BATCH);
      if (ids.length === 0) break;
      const views = await loadPaymentViews(db, ids);
      yield (
        (first ? '\n    ' : ',\n    ') +
        views.map((v) => JSON.stringify(paymentOut(v))).join(',\n    ')
      );
      first = false;
      after = ids[ids.length - 1] ?? after;
      if (ids.length < EXPORT_BATCH) break;
    }
    yield (first ? '' : '\n  ') + ']\n}\n';
  }
}
