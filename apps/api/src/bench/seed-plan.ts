// What the seed will write before it writes anything: the sizes asked for, the special groups
// on the first users (the ones the bench measures by name), and the time axis the rows are
// spread over. Ids are the app's integer ids; amounts are integer cents.

export interface SeedSizes {
  users: number;
  expenses: number;
  /** Expenses in the big group (group 1). */
  bigGroupExpenses: number;
  /** How many heavy groups, and expenses in each. */
  heavyGroups: number;
  heavyGroupExpenses: number;
  /** Expenses in each small group (groups 2 …): one more small group than heavy groups. */
  smallGroupExpenses: number;
  /** Expenses in each medium group (as many as small ones): enough for full pages. */
  mediumGroupExpenses: number;
}

/** Members of every special group. */
const SPECIAL_GROUP_SIZE = 8;

export interface SpecialGroup {
  id: number;
  name: string;
  members: number[];
}

/** The special groups on the first users; user 1 is in the big, the first small and the write group. */
function specialGroups(sizes: SeedSizes): {
  groups: SpecialGroup[];
  big: number;
  small: number[];
  medium: number[];
  heavy: number[];
  write: number;
  lastUser: number;
} {
  let nextUser = 2;
  const fresh = (k: number): number[] => {
    const ids = Array.from({ length: k }, (_, i) => nextUser + i);
    nextUser += k;
    return ids;
  };
  const groups: SpecialGroup[] = [];
  const add = (name: string, members: number[]): number => {
    groups.push({ id: groups.length + 1, name, members });
    return groups.length;
  };
  const big = add('Big group', [1, ...fresh(SPECIAL_GROUP_SIZE - 1)]);
  const small: number[] = [];
  for (let k = 0; k <= sizes.heavyGroups; k++) {
    small.push(
      add(
        `Small group ${k + 1}`,
        k === 0 ? [1, ...fresh(SPECIAL_GROUP_SIZE - 1)] : fresh(SPECIAL_GROUP_SIZE),
      ),
    );
  }
  const medium: number[] = [];
  for (let k = 0; k <= sizes.heavyGroups; k++) {
    medium.push(add(`Medium group ${k + 1}`, fresh(SPECIAL_GROUP_SIZE)));
  }
  const heavy: number[] = [];
  for (let k = 0; k < sizes.heavyGroups; k++) {
    heavy.push(add(`Busy group ${k + 1}`, fresh(SPECIAL_GROUP_SIZE)));
  }
  const write = add('Write group', [1, ...fresh(SPECIAL_GROUP_SIZE - 1)]);
  return { groups, big, small, medium, heavy, write, lastUser: nextUser - 1 };
}

/** The seed's plan, shared by its steps. */
export interface SeedPlan {
  sizes: SeedSizes;
  special: ReturnType<typeof specialGroups>;
  /** Expenses in all small, all medium and all heavy groups. */
  smallTotal: number;
  mediumTotal: number;
  heavyTotal: number;
  /** The first small, medium and heavy group (0 if none). */
  firstSmall: number;
  firstMedium: number;
  firstHeavy: number;
  /** Expenses and users in all. */
  E: number;
  N: number;
  /** Users 1 … S0 are the special groups' members. */
  S0: number;
  /** The first regular group's id. */
  firstRegular: number;
  /** SQL for the time of an event slot (4 per expense), spread over two years. */
  at: (slot: string) => string;
  /** SQL for the time group `g` was created (and its members joined). */
  groupAt: (g: string) => string;
}

/** Plans a seed of `sizes`; throws when they leave no room for the regular groups. */
export function seedPlan(sizes: SeedSizes): SeedPlan {
  const special = specialGroups(sizes);
  const smallTotal = special.small.length * sizes.smallGroupExpenses;
  const mediumTotal = special.medium.length * sizes.mediumGroupExpenses;
  const heavyTotal = sizes.heavyGroups * sizes.heavyGroupExpenses;
  const regularExpenses =
    sizes.expenses - sizes.bigGroupExpenses - smallTotal - mediumTotal - heavyTotal;
  if (regularExpenses < 0) throw new Error('bench sizes: too few expenses for the special groups');
  if (sizes.users < special.lastUser + 100) throw new Error('bench sizes: too few users');
  const E = sizes.expenses;
  const N = sizes.users;
  const S0 = special.lastUser;
  const firstRegular = special.groups.length + 1;
  // Event slots (4 per expense: the expense, its payment, two comments) spread over two years.
  const stepMicros = Math.floor((730 * 86_400 * 1e6) / (4 * (E + 1)));
  const at = (slot: string) =>
    `(timestamptz '2024-01-01 00:00:00+00' + (${slot})::float8 * ${stepMicros} * interval '1 microsecond')`;
  const groupAt = (g: string) =>
    `(timestamptz '2023-12-01 00:00:00+00' + (${g}) * interval '1 second')`;
  return {
    sizes,
    special,
    smallTotal,
    mediumTotal,
    heavyTotal,
    firstSmall: special.small[0] ?? 2,
    firstMedium: special.medium[0] ?? 0,
    firstHeavy: special.heavy[0] ?? 0,
    E,
    N,
    S0,
    firstRegular,
    at,
    groupAt,
  };
}
