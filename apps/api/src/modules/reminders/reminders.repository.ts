// What a reminder reads about a person: their name and address.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';

export interface ReminderPerson {
  id: number;
  name: string;
  email: string | null;
}

export async function findReminderPerson(db: Db, id: number): Promise<ReminderPerson | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
