// Payment rows and their views (payer and recipient as people).
import { inArray } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { payments, users } from '../../db/schema.js';

export type PaymentRow = typeof payments.$inferSelect;

export interface Person {
  id: number;
  name: string;
  email: string;
}

export interface PaymentView {
  id: number;
  groupId: number | null;
  amountCents: number;
  currency: string;
  date: string;
  createdAt: Date;
  updatedAt: Date;
  paidBy: Person;
  paidTo: Person;
  createdBy: Person;
}

export async function findPaymentRow(
  db: Db,
  id: number,
  forUpdate = false,
): Promise<PaymentRow | undefined> {
  if (!(Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)) return undefined;
  const q = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0];
}

export async function loadPaymentViews(db: Db, ids: readonly number[]): Promise<PaymentView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.id, [...new Set(ids)]));
  const peopleIds = new Set<number>();
  for (const r of rows) {
    peopleIds.add(r.paidById);
    peopleIds.add(r.paidToId);
    peopleIds.add(r.createdById);
  }
  const people = new Map<number, Person>();
  if (peopleIds.size > 0) {
    for (const u of await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, [...peopleIds]))) {
      people.set(u.id, u);
    }
  }
  const person = (id: number): Person => people.get(id) ?? { id, name: '', email: '' };
  const byId = new Map<number, PaymentView>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      groupId: r.groupId,
      amountCents: r.amountCents,
      currency: r.currency,
      date: r.date,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      paidBy: person(r.paidById),
      paidTo: person(r.paidToId),
      createdBy: person(r.createdById),
    });
  }
  return ids.flatMap((id) => {
    const v = byId.get(id);
    return v === undefined ? [] : [v];
  });
}
