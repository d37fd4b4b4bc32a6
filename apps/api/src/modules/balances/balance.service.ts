// BalanceService: balance reads (contract §4.7, §5.3) for the balances routes and for the other
// modules (friendships, groups). Thin over balance-reader.ts, which reads the running totals.
import { counterpartySummary, overallSummary } from '@evenly/core';
import type { CounterpartyNet, OverallSummary } from '@evenly/core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { friendships, groupMembers, groups, users } from '../../db/schema.js';
import type { ServiceDeps, Services } from '../../services.js';
import { GROUP_NOT_FOUND, NOT_A_MEMBER } from '../groups/membership.repository.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import type { BalanceLineData, GroupSettings, Person } from './balance-reader.js';
import {
  counterpartyFigures,
  everyoneSettled,
  groupLines,
  isSettledInGroup,
  linesOfGroups,
} from './balance-reader.js';

export interface CurrencyFigure {
  currency: string;
  /** Everything with that person; + = they owe the caller. */
  netCents: number;
  /** The non-group part alone. */
  nonGroupCents: number;
}

/** The balance between the caller and one person (Friendship figures, /balances/friends). */
export interface FriendBalance {
  /** Primary currency (§1.4) by |net|. */
  currency: string;
  netCents: number;
  nonGroupCents: number;
  /** One entry per currency with a non-zero figure, alphabetical. */
  byCurrency: CurrencyFigure[];
  /** Shared groups where the caller's line with that person is non-zero (by group id). */
  groups: { groupId: number; groupName: string; currency: string; netCents: number }[];
}

/** The figures for someone the caller has nothing with. */
export const ZERO_FRIEND_BALANCE: FriendBalance = Object.freeze({
  currency: 'USD',
  netCents: 0,
  nonGroupCents: 0,
  byCurrency: [],
  groups: [],
}) as FriendBalance;

export interface FriendEntry extends FriendBalance {
  otherUser: Person;
}

export class BalanceService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Services,
  ) {}

  /** GET /balances/overall: over every counterparty, group and non-group item. */
  async overall(userId: number, db: Db = this.deps.db): Promise<OverallSummary> {
    const figures = await counterpartyFigures(db, userId);
    const nets: CounterpartyNet[] = [];
    for (const [counterpartyId, f] of figures) {
      for (const [currency, c] of f.byCurrency) {
        nets.push({ counterpartyId, currency, netCents: c.net });
      }
    }
    return overallSummary(nets);
  }

  /**
   * The balance with every person the user has a non-zero figure with (other user id → figures).
   * People missing from the map are at zero ({@link ZERO_FRIEND_BALANCE}).
   */
  async friendFigures(userId: number, db: Db = this.deps.db): Promise<Map<number, FriendBalance>> {
    const figures = await counterpartyFigures(db, userId);
    const groupIds = new Set<number>();
    for (const f of figures.values()) for (const g of f.groups) groupIds.add(g.groupId);
    const names = new Map<number, string>();
    if (groupIds.size > 0) {
      const rows = await db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(inArray(groups.id, [...groupIds]));
      for (const r of rows) names.set(r.id, r.name);
    }
    const out = new Map<number, FriendBalance>();
    for (const [otherId, f] of figures) {
      const summary = counterpartySummary(
        [...f.byCurrency].map(([currency, c]) => ({
          currency,
          netCents: c.net,
          nonGroupCents: c.nonGroup,
        })),
      );
      out.set(otherId, {
        currency: summary.currency,
        netCents: summary.netBalance,
        nonGroupCents: summary.nonGroupBalance,
        byCurrency: summary.byCurrency.map((e) => ({
          currency: e.currency,
          netCents: e.netBalance,
          nonGroupCents: e.nonGroupBalance,
        })),
        groups: f.groups.map((g) => ({
          groupId: g.groupId,
          groupName: names.get(g.groupId) ?? '',
          currency: g.currency,
          netCents: g.netCents,
        })),
      });
    }
    return out;
  }

  /** The balance between two people (e.g. one Friendship). */
  async balanceWith(
    userId: number,
    otherId: number,
    db: Db = this.deps.db,
  ): Promise<FriendBalance> {
    return (await this.friendFigures(userId, db)).get(otherId) ?? ZERO_FRIEND_BALANCE;
  }

  /** GET /balances/friends: one entry per accepted friend, by name (case-insensitive) then id. */
  async friends(userId: number): Promise<FriendEntry[]> {
    const db = this.deps.db;
    const [friendRows, figures] = await Promise.all([
      db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(friendships)
        // The other person of each accepted friendship; requester/addressee are indexed.
        .innerJoin(
          users,
          eq(
            users.id,
            sql`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`,
          ),
        )
        .where(
          and(
            eq(friendships.status, 'ACCEPTED'),
            or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
          ),
        ),
      this.friendFigures(userId, db),
    ]);
    return friendRows
      .sort((a, b) => {
        const an = a.name.toLowerCase();
        const bn = b.name.toLowerCase();
        if (an !== bn) return an < bn ? -1 : 1;
        return a.id - b.id;
      })
      .map((otherUser) => ({
        otherUser,
        ...(figures.get(otherUser.id) ?? ZERO_FRIEND_BALANCE),
      }));
  }

  /** GET /balances/group/{id}: members only (404 / 403 as for group endpoints). */
  async groupBalance(groupId: number, userId: number): Promise<BalanceLineData[]> {
    const db = this.deps.db;
    // The group and the caller's membership in one round trip (same answers as
    // requireGroupMember: 404 'Group not found.', 403 'You are not a member of this group.').
    if (!Number.isSafeInteger(groupId) || groupId > 2_147_483_647) {
      throw new NotFoundError(GROUP_NOT_FOUND);
    }
    const [row] = await db
      .select({
        id: groups.id,
        simplifyDebts: groups.simplifyDebts,
        member: sql<boolean>`exists (select 1 from ${groupMembers}
          where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.userId} = ${userId}
            and ${groupMembers.leftAt} is null)`,
      })
      .from(groups)
      .where(eq(groups.id, groupId))
      .limit(1);
    if (row === undefined) throw new NotFoundError(GROUP_NOT_FOUND);
    if (!row.member) throw new ForbiddenError(NOT_A_MEMBER);
    return groupLines(db, row, userId);
  }

  /** The caller's lines in one group whose membership was already checked. */
  linesOf(group: GroupSettings, userId: number, db: Db = this.deps.db): Promise<BalanceLineData[]> {
    return groupLines(db, group, userId);
  }

  /** The caller's lines in several groups at once (GET /groups/my). */
  linesOfGroups(
    groupList: readonly GroupSettings[],
    userId: number,
    db: Db = this.deps.db,
  ): Promise<Map<number, BalanceLineData[]>> {
    return linesOfGroups(db, groupList, userId);
  }

  /** §5.5: settled in the group (leave, remove). */
  isSettled(group: GroupSettings, userId: number, db: Db = this.deps.db): Promise<boolean> {
    return isSettledInGroup(db, group, userId);
  }

  /** Everyone settled (delete group). */
  everyoneSettled(group: GroupSettings, db: Db = this.deps.db): Promise<boolean> {
    return everyoneSettled(db, group);
  }
}
