// The read routes every part of the bench reads (the mix, the no-repeat rows, history growth),
// and how one becomes a request as a given user.
import type { Planned } from './load.js';
import type { Population } from './population.js';
import { authOf } from './population.js';

export interface ReadRoute {
  name: string;
  /** Needs a group of the user. */
  group: boolean;
  path: (groupId: number) => string;
}

export const READS: ReadRoute[] = [
  { name: 'GET /api/groups/my', group: false, path: () => '/api/groups/my' },
  { name: 'GET /api/balances/overall', group: false, path: () => '/api/balances/overall' },
  { name: 'GET /api/balances/group/{id}', group: true, path: (g) => `/api/balances/group/${g}` },
  {
    name: 'GET /api/groups/{id}/transactions?limit=50',
    group: true,
    path: (g) => `/api/groups/${g}/transactions?limit=50`,
  },
  { name: 'GET /api/activity', group: false, path: () => '/api/activity' },
  { name: 'GET /api/balances/friends', group: false, path: () => '/api/balances/friends' },
];

/** A read route's request as `user` for `group`. */
export function routePlan(route: ReadRoute, pop: Population) {
  return (user: number, group: number): Planned => ({
    kind: 0,
    method: 'GET',
    path: route.path(group),
    headers: authOf(pop, user),
  });
}
