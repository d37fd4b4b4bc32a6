// What the groups tests (groups-*.test.ts) expect of a Group object, and rows they insert
// directly: a payment, and an expense with a receipt and a comment, without going through the API.
import type { Db } from '../../src/db/database.js';
import { comments, expenses, payments } from '../../src/db/schema.js';
import type { TestUser } from './fixtures.js';

export interface UserBody {
  id: number;
  name: string;
  email: string;
}
export interface GroupBody {
  id: number;
  name: string;
  createdAt: string;
  lastActivityAt: string;
  creator: UserBody;
  members: UserBody[];
  simplifyDebts: boolean;
  defaultCurrency: string;
}
export interface FriendshipBody {
  id: number;
}
export interface MyGroupBody extends GroupBody {
  myBalance: {
    net: number;
    currency: string;
    lines: { otherUser: UserBody; netAmount: number; currency: string }[];
  };
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const u = (p: TestUser): UserBody => ({ id: p.id, name: p.name, email: p.email });
/** A member as the Group object lists them (an account without a picture). */
export const m = (p: TestUser) => ({ ...u(p), guest: false, avatarUrl: null });

export async function insertPayment(
  db: Db,
  groupId: number,
  from: TestUser,
  to: TestUser,
): Promise<number> {
  const [row] = await db
    .insert(payments)
    .values({
      groupId,
      paidById: from.id,
      paidToId: to.id,
      amountCents: 500,
      currency: 'USD',
      date: '2025-03-01',
      createdById: from.id,
    })
    .returning({ id: payments.id });
  return row?.id ?? 0;
}

export async function insertExpenseWithComment(
  db: Db,
  groupId: number,
  by: TestUser,
): Promise<number> {
  const [row] = await db
    .insert(expenses)
    .values({
      groupId,
      description: 'Dinner',
      amountCents: 1000,
      currency: 'USD',
      date: '2025-03-01',
      splitType: 'EQUAL',
      receiptKey: 'no-such-file.pdf',
      receiptContentType: 'application/pdf',
      createdById: by.id,
    })
    .returning({ id: expenses.id });
  const id = row?.id ?? 0;
  await db.insert(comments).values({ expenseId: id, authorId: by.id, content: 'Yum' });
  return id;
}
