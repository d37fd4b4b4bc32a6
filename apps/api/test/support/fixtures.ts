// Fast fixtures for ledger tests: users, friendships and groups written straight to the
// database (the HTTP flows that create them have their own tests). Tokens are real JWTs.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../src/db/database.js';
import { friendships, groupMembers, groups, users } from '../../src/db/schema.js';
import { JwtService } from '../../src/modules/auth/jwt.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import type { TestContext } from './test-app.js';

export const FIXTURE_PASSWORD = 'secret123';
let passwordHash: Promise<string> | null = null;

export interface TestUser {
  id: number;
  name: string;
  email: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` */
  auth: { authorization: string };
}

/** Verified users who can log in with FIXTURE_PASSWORD; e-mails are `<name>@example.com`. */
export async function createUsers(ctx: TestContext, ...names: string[]): Promise<TestUser[]> {
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  const hash = await passwordHash;
  const jwt = new JwtService(ctx.config.jwtSecret ?? '', ctx.config.jwtTtlSeconds);
  const out: TestUser[] = [];
  for (const name of names) {
    const email = `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
    const [row] = await ctx.database.handle.db
      .insert(users)
      .values({ name, email, passwordHash: hash, emailVerifiedAt: new Date() })
      .returning();
    if (row === undefined) throw new Error('user insert failed');
    const { token } = await jwt.issue({ userId: row.id, tokenVersion: row.tokenVersion });
    out.push({ id: row.id, name, email, token, auth: { authorization: `Bearer ${token}` } });
  }
  return out;
}

/** An accepted friendship between a and b (requested by a). */
export async function befriend(db: Db, a: { id: number }, b: { id: number }): Promise<number> {
  const [row] = await db
    .insert(friendships)
    .values({
      requesterId: a.id,
      addresseeId: b.id,
      status: 'ACCEPTED',
      userLow: Math.min(a.id, b.id),
      userHigh: Math.max(a.id, b.id),
      acceptedAt: new Date(),
    })
    .returning({ id: friendships.id });
  return row?.id ?? 0;
}

/** A group created by `creator` with `members` (creator first, then in order). */
export async function createGroup(
  db: Db,
  creator: { id: number },
  name: string,
  members: { id: number }[] = [],
  options: {
    simplifyDebts?: boolean;
    defaultCurrency?: string;
    currencyMode?: 'CONVERT' | 'SEPARATE';
  } = {},
): Promise<number> {
  const [g] = await db
    .insert(groups)
    .values({
      name,
      creatorId: creator.id,
      simplifyDebts: options.simplifyDebts ?? false,
      defaultCurrency: options.defaultCurrency ?? 'USD',
      currencyMode: options.currencyMode ?? 'CONVERT',
    })
    .returning({ id: groups.id });
  if (g === undefined) throw new Error('group insert failed');
  for (const m of [creator, ...members.filter((m) => m.id !== creator.id)]) {
    await db.insert(groupMembers).values({ groupId: g.id, userId: m.id });
  }
  return g.id;
}

/** Marks a member as having left (a former member). */
export async function leaveGroup(db: Db, groupId: number, userId: number): Promise<void> {
  await db
    .update(groupMembers)
    .set({ leftAt: new Date() })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        isNull(groupMembers.leftAt),
      ),
    );
}

/**
 * The ledger tests' world, fresh: the database reset, Ann, Bea, Cal and Dan, and Ann's group
 * "Trip" with Bea and Cal (Dan stays outside it).
 */
export async function resetTrip(ctx: TestContext): Promise<{
  ann: TestUser;
  bea: TestUser;
  cal: TestUser;
  dan: TestUser;
  groupId: number;
}> {
  await ctx.reset();
  const [ann, bea, cal, dan] = (await createUsers(ctx, 'Ann', 'Bea', 'Cal', 'Dan')) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  const groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea, cal]);
  return { ann, bea, cal, dan, groupId };
}
