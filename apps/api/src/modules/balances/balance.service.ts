// BalanceService: balance reads (docs/api.md §4.7, §5.3) for the balances routes and for the other
// modules (friendships, groups). Thin over balance-reader.ts, which reads the running totals.
import { approximateIn, counterpartySummary, invertRate, overallSummary } from '@evenly/core';
import type { CounterpartyNet, ExchangeRate, OverallSummary } from '@evenly/core';
import type { Db } from '../../db/database.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { GROUP_NOT_FOUND, NOT_A_MEMBER } from '../groups/index.js';
import { MAX_ROW_ID } from '../../db/row-id.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import type {
  BalanceLineData,
  CounterpartyFigures,
  GroupSettings,
  Person,
} from './balance-reader.js';
import {
  counterpartyFiguresAndHome,
  everyoneSettled,
  friendsWithData,
  groupBalanceLines,
  isSettledInGroup,
  peopleByIds,
} from './balance-reader.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'fx'>;

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
  /** The net over every currency in the caller's home currency, when one is chosen. */
  approximate: Approximate | null;
}

/** One person of /balances/people: a friend or someone met only in groups. */
export interface PersonEntry extends FriendEntry {
  isFriend: boolean;
}

/** A total in the caller's home currency at the latest cached rates (display only). */
export interface Approximate {
  currency: string;
  cents: number;
  /** Currencies left out for want of a cached rate (asked of the rate service meanwhile). */
  missing: string[];
}

/** The caller's home currency and the latest cached rates from other currencies into it. */
interface HomeRates {
  home: string;
  rates: Map<string, ExchangeRate>;
}

export class BalanceService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  /**
   * The caller's home currency (read with their figures) with the latest cached rates into it
   * for `currencies` (no network: a rate missing from the cache is asked of the rate service in
   * the background, for the next read); null when the caller has chosen none.
   */
  private async homeRates(
    home: string | null,
    currencies: Iterable<string>,
  ): Promise<HomeRates | null> {
    return home === null ? null : this.ratesInto(home, currencies);
  }

  /** The latest cached rates from `currencies` into `home` (missing ones fetched for later). */
  async ratesInto(home: string, currencies: Iterable<string>): Promise<HomeRates> {
    const others = [...new Set(currencies)].filter((c) => c !== home);
    const cached =
      others.length === 0 ? new Map() : await this.services.fx.latestCached(home, others);
    const rates = new Map<string, ExchangeRate>();
    for (const c of others) {
      const fromHome = cached.get(c);
      if (fromHome !== undefined) {
        rates.set(c, invertRate(fromHome));
      } else {
        const today = new Date().toISOString().slice(0, 10);
        this.services.fx.rateFor(c, home, today).catch(() => undefined);
      }
    }
    return { home, rates };
  }

  /** GET /balances/overall: over every counterparty, group and non-group item. */
  async overall(
    userId: number,
  ): Promise<OverallSummary & { approximate: (Approximate & { owedBy: number }) | null }> {
    const { figures, home: homeCurrency } = await counterpartyFiguresAndHome(this.deps.db, userId);
    const nets: CounterpartyNet[] = [];
    for (const [counterpartyId, f] of figures) {
      for (const [currency, c] of f.byCurrency) {
        nets.push({ counterpartyId, currency, netCents: c.net });
      }
    }
    const summary = overallSummary(nets);
    const home = await this.homeRates(
      homeCurrency,
      summary.byCurrency.map((c) => c.currency),
    );
    if (home === null) return { ...summary, approximate: null };
    const owedTo = approximateIn(
      home.home,
      summary.byCurrency.map((c) => ({ currency: c.currency, cents: c.totalOwedToUser })),
      home.rates,
    );
    const owedBy = approximateIn(
      home.home,
      summary.byCurrency.map((c) => ({ currency: c.currency, cents: c.totalOwedByUser })),
      home.rates,
    );
    return {
      ...summary,
      approximate: {
        currency: home.home,
        cents: owedTo.cents,
        owedBy: owedBy.cents,
        missing: owedTo.missing.concat(owedBy.missing.filter((m) => !owedTo.missing.includes(m))),
      },
    };
  }

  /** GET /balances/friends: one entry per accepted friend, by name (case-insensitive) then id. */
  async friends(userId: number): Promise<FriendEntry[]> {
    const data = await friendsWithData(this.deps.db, userId);
    const home = await this.homeRates(data.home, currenciesOf(data.figures));
    return byName(data.friends).map((p) => entryOf(p, data.figures, data.groupNames, home));
  }

  /**
   * GET /balances/people: everyone the caller has a non-zero net with in some currency, friends
   * or not (people met only in groups, guests, former members), so that the entries add up to
   * /balances/overall; by name then id. The friends come with the figures; the others cost one more lookup.
   */
  async people(userId: number): Promise<PersonEntry[]> {
    const data = await friendsWithData(this.deps.db, userId);
    const friendIds = new Set(data.friends.map((f) => f.id));
    const others = await peopleByIds(
      this.deps.db,
      [...data.figures.keys()].filter((id) => !friendIds.has(id)),
    );
    const home = await this.homeRates(data.home, currenciesOf(data.figures));
    const everyone = [...data.friends.filter((f) => data.figures.has(f.id)), ...others.values()];
    return (
      byName(everyone)
        .map((p) => ({
          ...entryOf(p, data.figures, data.groupNames, home),
          isFriend: friendIds.has(p.id),
        }))
        // Someone even overall (+5 in a group, −5 outside) adds nothing to the overall figure.
        .filter((e) => e.byCurrency.some((c) => c.netCents !== 0))
    );
  }

  /** GET /balances/group/{id}: members only (404 / 403 as for group endpoints). */
  async groupBalance(groupId: number, userId: number): Promise<BalanceLineData[]> {
    if (!Number.isSafeInteger(groupId) || groupId > MAX_ROW_ID) {
      throw new NotFoundError(GROUP_NOT_FOUND);
    }
    const lines = await groupBalanceLines(this.deps.db, groupId, userId);
    if (lines === 'not-found') throw new NotFoundError(GROUP_NOT_FOUND);
    if (lines === 'not-member') throw new ForbiddenError(NOT_A_MEMBER);
    return lines;
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

/** One person's figures as a FriendBalance (primary currency, byCurrency, shared groups). */
function friendBalance(
  f: CounterpartyFigures,
  groupNames: ReadonlyMap<number, string>,
): FriendBalance {
  const summary = counterpartySummary(
    [...f.byCurrency].map(([currency, c]) => ({
      currency,
      netCents: c.net,
      nonGroupCents: c.nonGroup,
    })),
  );
  return {
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
      groupName: groupNames.get(g.groupId) ?? '',
      currency: g.currency,
      netCents: g.netCents,
    })),
  };
}

/** Every currency the caller has a figure in, with anyone. */
function currenciesOf(figures: ReadonlyMap<number, CounterpartyFigures>): string[] {
  return [...figures.values()].flatMap((f) => [...f.byCurrency.keys()]);
}

/** By name (case-insensitive), then id: the order of the friends list. */
function byName(people: Person[]): Person[] {
  return [...people].sort((a, b) => {
    const an = a.name.toLowerCase();
    const bn = b.name.toLowerCase();
    if (an !== bn) return an < bn ? -1 : 1;
    return a.id - b.id;
  });
}

/** One person's entry: their figures (zero when none), with the approximate net in `home`. */
function entryOf(
  otherUser: Person,
  figures: ReadonlyMap<number, CounterpartyFigures>,
  groupNames: ReadonlyMap<number, string>,
  home: HomeRates | null,
): FriendEntry {
  const f = figures.get(otherUser.id);
  const balance = f === undefined ? ZERO_FRIEND_BALANCE : friendBalance(f, groupNames);
  const approx =
    home === null
      ? null
      : approximateIn(
          home.home,
          balance.byCurrency.map((c) => ({ currency: c.currency, cents: c.netCents })),
          home.rates,
        );
  return {
    otherUser,
    ...balance,
    approximate: approx === null || home === null ? null : { currency: home.home, ...approx },
  };
}
