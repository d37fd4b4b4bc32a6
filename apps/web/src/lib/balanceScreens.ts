// What the balance screens say beyond the figures themselves (issue #31 point 4): the group
// page's settled sentence, and who the Friends page lists beside the friends.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BalanceLine, PersonBalance } from '../api/types';
import { isZero } from './money';

export const EVERYONE_SETTLED = msg`Everyone is settled up within this group.`;
export const YOU_SETTLED = msg`You are settled up in this group.`;

/**
 * The group page's sentence when the caller has no open line in the group, or null when they
 * have one. The caller's lines say nothing of what the others owe each other: "everyone" only
 * when the server says nobody in the group owes anybody (`everyoneSettled` of GET /groups/{id};
 * undefined: not known, e.g. a group read before the field existed). In the page's language.
 */
export function settledMessage(
  lines: readonly BalanceLine[],
  everyoneSettled: boolean | undefined,
): string | null {
  if (lines.some((l) => !isZero(l.netAmount, l.currency))) return null;
  return i18n._(everyoneSettled === true ? EVERYONE_SETTLED : YOU_SETTLED);
}

/** The people with a balance who are not friends: the Friends page lists them after the friends. */
export function groupMatesOf(people: readonly PersonBalance[]): PersonBalance[] {
  return people.filter((p) => !p.isFriend);
}

/** The groups behind a person's balance, each once (a group lists a line per currency). */
export function groupsOf(person: PersonBalance): { id: number; name: string }[] {
  const seen = new Map<number, { id: number; name: string }>();
  for (const g of person.groups) if (!seen.has(g.group.id)) seen.set(g.group.id, g.group);
  return [...seen.values()];
}
