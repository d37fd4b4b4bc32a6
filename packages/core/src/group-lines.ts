// A caller's balance lines in one group (docs/api.md §5.3), plain or simplified.
import { cents } from './money.js';
import type { Cents } from './money.js';
import { netLinesForUser, personNets } from './balances.js';
import type { PairwiseNets } from './balances.js';
import { simplifyDebts } from './simplify-debts.js';

export interface NamedUser {
  readonly id: number;
  readonly name: string;
}

export interface GroupLine<U extends NamedUser> {
  readonly otherUser: U;
  /** Positive = `otherUser` owes the caller. */
  readonly netCents: Cents;
}

/** Case-insensitive name order, then id (deterministic, locale-independent). */
export function compareByNameThenId(a: NamedUser, b: NamedUser): number {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return a.id - b.id;
}

/** Largest absolute amount first, then name (case-insensitive), then id. */
export function compareGroupLines<U extends NamedUser>(a: GroupLine<U>, b: GroupLine<U>): number {
  return (
    Math.abs(b.netCents) - Math.abs(a.netCents) || compareByNameThenId(a.otherUser, b.otherUser)
  );
}

/**
 * The caller's lines in a group from the group's pairwise nets. With `simplify` off: one line
 * per person with a non-zero net with the caller. With `simplify` on: every person's group net
 * goes through {@link simplifyDebts} and each transfer involving the caller is a line (+a when
 * the other person pays the caller). `users` must contain everyone appearing in `nets`
 * (members and former members); a missing user is a programming error and throws.
 */
export function groupLinesForUser<U extends NamedUser>(
  callerId: number,
  nets: PairwiseNets,
  users: Iterable<U>,
  simplify: boolean,
): GroupLine<U>[] {
  const byId = new Map<number, U>();
  for (const u of users) byId.set(u.id, u);
  const userOf = (id: number): U => {
    const u = byId.get(id);
    if (!u) throw new RangeError(`groupLinesForUser: unknown user ${id}`);
    return u;
  };

  const amounts = new Map<number, number>();
  if (simplify) {
    const plan = simplifyDebts(
      [...personNets(nets)].map(([userId, netCents]) => ({ userId, netCents })),
    );
    for (const t of plan) {
      if (t.to === callerId) amounts.set(t.from, (amounts.get(t.from) ?? 0) + t.cents);
      else if (t.from === callerId) amounts.set(t.to, (amounts.get(t.to) ?? 0) - t.cents);
    }
  } else {
    for (const line of netLinesForUser(nets, callerId))
      amounts.set(line.otherUserId, line.netCents);
  }

  const lines: GroupLine<U>[] = [];
  for (const [otherId, amount] of amounts) {
    if (amount !== 0) lines.push({ otherUser: userOf(otherId), netCents: cents(amount) });
  }
  return lines.sort(compareGroupLines);
}
