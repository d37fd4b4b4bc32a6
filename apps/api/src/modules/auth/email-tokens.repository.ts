// Verification and reset link tokens (hashed). Every function takes the database or a transaction.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { emailTokens } from '../../db/schema.js';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export async function insertEmailToken(
  db: Db,
  values: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

export async function findEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  tokenHash: string,
): Promise<EmailTokenRow | undefined> {
  const rows = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return rows[0];
}

/** Marks a token used; returns false when it was already used (a concurrent request won). */
export async function consumeEmailToken(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

/** Retires every unused token of one purpose for a user (a newer reset link replaces older ones). */
export async function retireEmailTokens(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  at: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}
