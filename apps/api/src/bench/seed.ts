// Seeds a fresh PostgreSQL database for the benchmark with set-based SQL (generate_series and
// INSERT … SELECT), fast enough for millions of rows on a small machine. What it writes is what
// the app would have written for the same history:
//
// - users; special groups of 8 (one big group, a few heavy ones, small 10-expense and medium
//   100-expense ones, and the group the write benchmark fills) on the first users, then every
//   other user in 1–5 groups of 3–8 people, sizes varied, and accepted friendships between
//   everyone who shares a group;
// - expenses spread over time and over the groups (the regular groups' activity skewed, so some
//   are busy and most are quiet): EQUAL splits, a share of EXACT ones, some that leave one member
//   out and some with two payers, with payers and splits by the §5.1/§5.2 rules computed in SQL;
// - payments between members, comments on some expenses;
// - activity rows as the app records them: one per recipient (every current member) per change,
//   with each recipient's myShare, in time order; group creation and member adds too;
// - pair_balances aggregated from all of the above.
//
// Secondary indexes (and the primary keys of tables nothing references) are dropped during the
// load and rebuilt afterwards; foreign-key triggers are skipped while loading (the generated rows
// are consistent by construction), then everything is VACUUM ANALYZEd. A sample of groups is
// re-checked against @evenly/core (computeShares, expenseDebts, paymentDebt,
// computePairwiseNets, personNets), activity myShares included.
//
// Pseudo-random choices come from a hash of the row number (pg_temp.h), so a seed is the same on//
// The steps, in order: seed-plan.ts (sizes, the special groups, the time axis),
// seed-bulk-load.ts, seed-people.ts, seed-expenses.ts, seed-payments-comments.ts,
// seed-activity.ts, seed-derived.ts, seed-verify.ts; seed-texts.ts holds the expenses' words.
import pg from 'pg';
import { finishBulkLoad, startBulkLoad } from './seed-bulk-load.js';
import { seedActivity } from './seed-activity.js';
import { seedDerived } from './seed-derived.js';
import { seedExpenses } from './seed-expenses.js';
import { seedPaymentsAndComments } from './seed-payments-comments.js';
import { seedPeople } from './seed-people.js';
import type { SeedSizes } from './seed-plan.js';
import { seedPlan } from './seed-plan.js';
import { count, log } from './seed-sql.js';
import { verifyGroup } from './seed-verify.js';

export interface SeedResult {
  /** The user that writes in the write benchmark (a member of the big and first small group). */
  benchUserId: number;
  bigGroupId: number;
  /** Group 2 first. */
  smallGroupIds: number[];
  mediumGroupIds: number[];
  heavyGroupIds: number[];
  /** The group POST /expenses fills in the write benchmark, with its members. */
  writeGroupId: number;
  writeGroupMembers: number[];
  /**
   * Users 1 … specialUsers are the members of the special groups above (and of no other):
   * the history comparison reads as them, so the other measurements leave them alone.
   */
  specialUsers: number;
  counts: SeedCounts;
  seconds: number;
}

export interface SeedCounts {
  users: number;
  groups: number;
  memberships: number;
  friendships: number;
  expenses: number;
  payments: number;
  comments: number;
  activities: number;
  pairBalances: number;
}

/** Seeds `url` (already migrated, empty). `passwordHash` is the password of every user. */
export async function seed(
  url: string,
  sizes: SeedSizes,
  passwordHash: string,
): Promise<SeedResult> {
  const started = Date.now();
  const plan = seedPlan(sizes);
  const { special, E, N, S0, firstRegular, firstSmall, firstMedium, firstHeavy } = plan;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const bulk = await startBulkLoad(client);
    const { regularGroups, groups: G } = await seedPeople(client, plan, passwordHash);
    await seedExpenses(client, plan, regularGroups);
    await seedPaymentsAndComments(client, plan);
    await seedActivity(client, G);
    await seedDerived(client);
    await finishBulkLoad(client, bulk);

    const counts: SeedCounts = {
      users: N,
      groups: G,
      memberships: await count(client, 'group_members'),
      friendships: await count(client, 'friendships'),
      expenses: E,
      payments: await count(client, 'payments'),
      comments: await count(client, 'comments'),
      activities: await count(client, 'activities'),
      pairBalances: await count(client, 'pair_balances'),
    };
    log(
      `${counts.users} users, ${counts.groups} groups, ${counts.memberships} memberships, ` +
        `${counts.friendships} friendships, ${counts.expenses} expenses, ${counts.payments} payments, ` +
        `${counts.comments} comments, ${counts.activities} activity rows, ` +
        `${counts.pairBalances} pair balances`,
    );

    // The checks: the big group, a small, a medium and a heavy one, the busiest regular group,
    // and regular groups from the middle and the end of the list.
    const sample = [
      special.big,
      firstSmall,
      firstMedium,
      firstHeavy,
      firstRegular,
      firstRegular + Math.floor(regularGroups / 2),
      G,
    ].filter((g) => g > 0);
    for (const g of sample) await verifyGroup(client, g);
    const seconds = (Date.now() - started) / 1000;
    log(`done in ${seconds.toFixed(1)} s`);
    const writeGroup = special.groups[special.write - 1];
    return {
      benchUserId: 1,
      bigGroupId: special.big,
      smallGroupIds: special.small,
      mediumGroupIds: special.medium,
      heavyGroupIds: special.heavy,
      writeGroupId: special.write,
      writeGroupMembers: writeGroup?.members ?? [],
      specialUsers: S0,
      counts,
      seconds,
    };
  } finally {
    await client.end();
  }
}
