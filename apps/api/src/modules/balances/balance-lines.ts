// A caller's balance lines from pairwise nets (docs/api.md §5.3), plain or simplified. No I/O here.
import { groupLinesForUser } from '@evenly/core';
import type { Cents, PairwiseNets, PairKey } from '@evenly/core';
import type { Person } from '../people/index.js';
import type { PairNet } from './pair-balances.repository.js';

export interface BalanceLineData {
  otherUser: Person;
  /** + = otherUser owes the caller. */
  netCents: number;
  currency: string;
}

export interface GroupSettings {
  id: number;
  simplifyDebts: boolean;
}

/** Pairwise nets per currency, from stored rows of one scope. */
export function netsByCurrency(rows: readonly PairNet[]): Map<string, PairwiseNets> {
  const out = new Map<string, PairwiseNets>();
  for (const r of rows) {
    let nets = out.get(r.currency);
    if (nets === undefined) {
      nets = new Map();
      out.set(r.currency, nets);
    }
    nets.set(`${r.userLow}:${r.userHigh}` as PairKey, r.netCents as Cents);
  }
  return out;
}

/** The amounts (other id → + they owe the caller) of the caller's lines in one group's nets. */
export function lineAmounts(
  callerId: number,
  byCurrency: Map<string, PairwiseNets>,
  simplify: boolean,
): { otherId: number; currency: string; netCents: number }[] {
  const out: { otherId: number; currency: string; netCents: number }[] = [];
  for (const [currency, nets] of byCurrency) {
    const stubUsers = new Map<number, { id: number; name: string }>();
    for (const key of nets.keys()) {
      for (const id of key.split(':').map(Number)) stubUsers.set(id, { id, name: '' });
    }
    for (const line of groupLinesForUser(callerId, nets, stubUsers.values(), simplify)) {
      out.push({ otherId: line.otherUser.id, currency, netCents: line.netCents });
    }
  }
  return out;
}

function sortLines(lines: BalanceLineData[]): BalanceLineData[] {
  return lines.sort((a, b) => {
    const byAmount = Math.abs(b.netCents) - Math.abs(a.netCents);
    if (byAmount !== 0) return byAmount;
    const an = a.otherUser.name.toLowerCase();
    const bn = b.otherUser.name.toLowerCase();
    if (an !== bn) return an < bn ? -1 : 1;
    return (
      a.otherUser.id - b.otherUser.id ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0)
    );
  });
}

/**
 * The caller's lines in each group from the groups' pair nets and the people they name, as
 * GET /balances/group/{id} lists them (one group) and GET /groups/my shows them (several).
 */
export function linesOfGroups(
  groupList: readonly GroupSettings[],
  pairs: readonly PairNet[],
  people: ReadonlyMap<number, Person>,
  callerId: number,
): Map<number, BalanceLineData[]> {
  const rowsByGroup = new Map<number, PairNet[]>();
  for (const r of pairs) {
    const list = rowsByGroup.get(r.groupId) ?? [];
    list.push(r);
    rowsByGroup.set(r.groupId, list);
  }
  const out = new Map<number, BalanceLineData[]>();
  for (const g of groupList) {
    const amounts = lineAmounts(
      callerId,
      netsByCurrency(rowsByGroup.get(g.id) ?? []),
      g.simplifyDebts,
    );
    out.set(
      g.id,
      sortLines(
        amounts.map((a) => ({
          otherUser: people.get(a.otherId) ?? { id: a.otherId, name: '', email: '' },
          netCents: a.netCents,
          currency: a.currency,
        })),
      ),
    );
  }
  return out;
}
