// A group as one JSON document (issue #31 point 6): the group, everyone who ever belonged, every
// live expense (payers, shares, what was entered and the converted figure, comments, its
// receipt), every live payment and the categories used. Written as text pieces read from the
// database in keyset batches, so a group of any size exports in constant memory.
import { CATEGORIES } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { userOut } from '../../http/mappers.js';
import type { ReceiptLinker } from '../expenses/index.js';
import { expenseOut, loadExpenseViews, paymentOut } from '../expenses/index.js';
import type { GroupView } from '../groups/index.js';
import { groupOut } from '../groups/index.js';
import { loadPaymentViews } from '../payments/index.js';
import type { BelongedPerson, ExportKey } from './export.repository.js';
import {
  commentsOfExpenses,
  EXPORT_BATCH,
  groupExpenseBatch,
  groupPaymentBatch,
} from './export.repository.js';

export const GROUP_EXPORT_FORMAT = 'evenly-group-export';

/** Where a receipt file is inside the zip: `receipts/expense-<id>.<extension of its key>`. */
export function receiptPath(expenseId: number, key: string): string {
  const dot = key.lastIndexOf('.');
  // Storage keys are server-made (lower-case hex, one dot): the extension is safe as a name.
  return `receipts/expense-${String(expenseId)}${dot < 0 ? '' : key.slice(dot)}`;
}

/**
 * How receipts appear: signed links for the caller (`receiptUrl`, valid for a limited time, as
 * GET /api/expenses/{id} gives them), or files beside the JSON in the zip (`receiptFile`, a path
 * inside the zip; `missing` when the stored file could not be read).
 */
export type ReceiptMode =
  { kind: 'links'; link: ReceiptLinker } | { kind: 'files'; missing: ReadonlySet<number> };

export const MISSING_RECEIPT =
  'The receipt file was not found in storage, so it is not in the zip.';

/** The comments of these expenses as the export writes them, by expense id. */
export async function commentsByExpense(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, unknown[]>> {
  const byExpense = new Map<number, unknown[]>();
  for (const c of await commentsOfExpenses(db, ids)) {
    const list = byExpense.get(c.expenseId) ?? [];
    list.push({
      id: c.id,
      author: userOut({ id: c.authorId, name: c.authorName, email: c.authorEmail }),
      content: c.content,
      createdAt: c.createdAt.toISOString(),
    });
    byExpense.set(c.expenseId, list);
  }
  return byExpense;
}

/** Ids of the group's live expenses, oldest first, one batch per step. */
async function* expenseIdBatches(db: Db, groupId: number): AsyncGenerator<number[]> {
  let key: ExportKey | null = null;
  for (;;) {
    const rows = await groupExpenseBatch(db, groupId, key, EXPORT_BATCH);
    if (rows.length > 0) yield rows.map((r) => r.id);
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_BATCH || last === undefined) return;
    key = [last.date, last.createdAt, last.id];
  }
}

/** Ids of the group's live payments, oldest first, one batch per step. */
async function* paymentIdBatches(db: Db, groupId: number): AsyncGenerator<number[]> {
  let key: ExportKey | null = null;
  for (;;) {
    const rows = await groupPaymentBatch(db, groupId, key, EXPORT_BATCH);
    if (rows.length > 0) yield rows.map((r) => r.id);
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_BATCH || last === undefined) return;
    key = [last.date, last.createdAt, last.id];
  }
}

export interface GroupJsonInput {
  db: Db;
  group: GroupView;
  people: readonly BelongedPerson[];
  receipts: ReceiptMode;
  now: Date;
}

/** The group's JSON document, in pieces (2-space indented head, one line per entry). */
export async function* groupJson(input: GroupJsonInput): AsyncGenerator<string> {
  const { db, group, receipts } = input;
  const head = {
    format: GROUP_EXPORT_FORMAT,
    version: 1,
    exportedAt: input.now.toISOString(),
    group: groupOut(group),
    people: input.people.map((p) => ({
      id: p.id,
      name: p.name,
      guest: p.guest,
      member: p.current,
    })),
  };
  yield JSON.stringify(head, null, 2).slice(0, -2) + ',\n  "expenses": [';
  const used = new Set<string>();
  const link: ReceiptLinker = receipts.kind === 'links' ? receipts.link : () => '';
  let first = true;
  for await (const ids of expenseIdBatches(db, group.id)) {
    const views = await loadExpenseViews(db, ids);
    const notes = await commentsByExpense(db, ids);
    const parts = views.map((v) => {
      used.add(v.category);
      const out = { ...expenseOut(v, link), comments: notes.get(v.id) ?? [] };
      if (receipts.kind === 'links') return JSON.stringify(out);
      const file =
        v.receiptKey === null
          ? null
          : receipts.missing.has(v.id)
            ? { path: null, missing: true, message: MISSING_RECEIPT }
            : { path: receiptPath(v.id, v.receiptKey), missing: false };
      return JSON.stringify({ ...out, receiptUrl: null, receiptFile: file });
    });
    yield (first ? '\n    ' : ',\n    ') + parts.join(',\n    ');
    first = false;
  }
  yield (first ? '' : '\n  ') + '],\n  "payments": [';
  first = true;
  for await (const ids of paymentIdBatches(db, group.id)) {
    const views = await loadPaymentViews(db, ids);
    yield (
      (first ? '\n    ' : ',\n    ') +
      views.map((v) => JSON.stringify(paymentOut(v))).join(',\n    ')
    );
    first = false;
  }
  yield (first ? '' : '\n  ') + '],\n';
  const categories = CATEGORIES.filter((c) => used.has(c.id)).map((c) => ({
    id: c.id,
    name: c.label,
    emoji: c.emoji,
  }));
  const tail: Record<string, unknown> = { categories };
  if (receipts.kind === 'files') tail.missingReceipts = [...receipts.missing].sort((a, b) => a - b);
  yield JSON.stringify(tail, null, 2).slice(2) + '\n';
}
