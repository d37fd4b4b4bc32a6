// Expense rows with their payers and splits (stored in request order), loaded as full views.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { SplitType } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { comments, expensePayers, expenseSplits, expenses, users } from '../../db/schema.js';

export type ExpenseRow = typeof expenses.$inferSelect;
export type NewExpenseRow = typeof expenses.$inferInsert;

export interface Person {
  id: number;
  name: string;
  email: string;
}

export interface ExpenseView {
  id: number;
  groupId: number | null;
  description: string;
  amountCents: number;
  currency: string;
  date: string;
  splitType: SplitType;
  notes: string | null;
  receiptKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: Person;
  payers: { user: Person; amountPaidCents: number }[];
  splits: { splitId: number; owedBy: Person; owedCents: number; value: string | null }[];
  commentCount: number;
}

export interface StoredPayer {
  userId: number;
  amountPaidCents: number;
}
export interface StoredSplit {
  userId: number;
  owedCents: number;
  value: string | null;
}

export async function insertExpense(db: Db, row: NewExpenseRow): Promise<ExpenseRow> {
  const [out] = await db.insert(expenses).values(row).returning();
  if (out === undefined) throw new Error('expense insert returned nothing');
  return out;
}

export async function replaceParticipants(
  db: Db,
  expenseId: number,
  payers: readonly StoredPayer[],
  splits: readonly StoredSplit[],
): Promise<void> {
  await db.delete(expensePayers).where(eq(expensePayers.expenseId, expenseId));
  await db.delete(expenseSplits).where(eq(expenseSplits.expenseId, expenseId));
  await db.insert(expensePayers).values(
    payers.map((p, position) => ({
      expenseId,
      position,
      userId: p.userId,
      amountPaidCents: p.amountPaidCents,
    })),
  );
  await db.insert(expenseSplits).values(
    splits.map((s, position) => ({
      expenseId,
      position,
      userId: s.userId,
      value: s.value,
      owedCents: s.owedCents,
    })),
  );
}

export async function storedPayers(db: Db, expenseId: number): Promise<StoredPayer[]> {
  return db
    .select({ userId: expensePayers.userId, amountPaidCents: expensePayers.amountPaidCents })
    .from(expensePayers)
    .where(eq(expensePayers.expenseId, expenseId))
    .orderBy(asc(expensePayers.position));
}

export async function storedSplits(db: Db, expenseId: number): Promise<StoredSplit[]> {
  return db
    .select({
      userId: expenseSplits.userId,
      owedCents: expenseSplits.owedCents,
      value: expenseSplits.value,
    })
    .from(expenseSplits)
    .where(eq(expenseSplits.expenseId, expenseId))
    .orderBy(asc(expenseSplits.position));
}

/** Full views of the given expenses, in the order of `ids` (missing ids are skipped). */
export async function loadExpenseViews(db: Db, ids: readonly number[]): Promise<ExpenseView[]> {
  if (ids.length === 0) return [];
  const list = [...new Set(ids)];
  const rows = await db.select().from(expenses).where(inArray(expenses.id, list));
  const payerRows = await db
    .select({
      expenseId: expensePayers.expenseId,
      amountPaidCents: expensePayers.amountPaidCents,
      id: users.id,
      name: users.name,
      email: users.email,
    })
    .from(expensePayers)
    .innerJoin(users, eq(users.id, expensePayers.userId))
    .where(inArray(expensePayers.expenseId, list))
    .orderBy(asc(expensePayers.expenseId), asc(expensePayers.position));
  const splitRows = await db
    .select({
      expenseId: expenseSplits.expenseId,
      splitId: expenseSplits.id,
      owedCents: expenseSplits.owedCents,
      value: expenseSplits.value,
      id: users.id,
      name: users.name,
      email: users.email,
    })
    .from(expenseSplits)
    .innerJoin(users, eq(users.id, expenseSplits.userId))
    .where(inArray(expenseSplits.expenseId, list))
    .orderBy(asc(expenseSplits.expenseId), asc(expenseSplits.position));
  const countRows = await db
    .select({ expenseId: comments.expenseId, count: sql<number>`count(*)::int` })
    .from(comments)
    .where(inArray(comments.expenseId, list))
    .groupBy(comments.expenseId);
  const creatorIds = [...new Set(rows.map((r) => r.createdById))];
  const creators = new Map<number, Person>();
  if (creatorIds.length > 0) {
    for (const u of await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, creatorIds))) {
      creators.set(u.id, u);
    }
  }
  const counts = new Map(countRows.map((r) => [r.expenseId, Number(r.count)]));
  const byId = new Map<number, ExpenseView>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      groupId: r.groupId,
      description: r.description,
      amountCents: r.amountCents,
      currency: r.currency,
      date: r.date,
      splitType: r.splitType,
      notes: r.notes,
      receiptKey: r.receiptKey,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      createdBy: creators.get(r.createdById) ?? { id: r.createdById, name: '', email: '' },
      payers: [],
      splits: [],
      commentCount: counts.get(r.id) ?? 0,
    });
  }
  for (const p of payerRows) {
    byId.get(p.expenseId)?.payers.push({
      user: { id: p.id, name: p.name, email: p.email },
      amountPaidCents: p.amountPaidCents,
    });
  }
  for (const s of splitRows) {
    byId.get(s.expenseId)?.splits.push({
      splitId: s.splitId,
      owedBy: { id: s.id, name: s.name, email: s.email },
      owedCents: s.owedCents,
      value: s.value,
    });
  }
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v === undefined ? [] : [v];
  });
}
