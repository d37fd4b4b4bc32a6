// Search rows of `npm run bench` (issue #14 point 2): expense search on the large seeded database,
// where no (user, URL) pair repeats within the run, like the other no-repeat rows:
//
// - text search within the big group (200,000 expenses; its 8 members, each query of its own);
// - text search across everything a user can see (the no-repeat walkers, many users);
// - filtered searches without text (category, amount range, date range) across everything;
// - text and filters together within the big group.
//
// Queries are the seed's words (seed.ts: SEED_ITEMS, SEED_DETAILS, SEED_NOTES), most of them
// misspelled or stripped of their accents the way people type them, so the trigram matching does
// real work. run.ts calls searchRows and reports what it returns; what it needs of run.ts comes
// in `SearchBenchDeps`.
import { CATEGORY_IDS } from '@evenly/core';
import { SEED_DETAILS, SEED_ITEMS, SEED_NOTES } from './seed-texts.js';

/** One request as run.ts sends it. */
export interface SearchPlanned {
  kind: number;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
}

/** What run.ts's `load` reports. */
export interface SearchLoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errorSamples: string[];
}

export interface SearchBenchDeps<Row> {
  base: string;
  bigGroupId: number;
  /** Users nobody else reads as (run.ts's no-repeat walkers), with their groups. */
  walkers: readonly number[];
  membersOf: (groupId: number) => number[];
  authOf: (userId: number) => Record<string, string>;
  /** Requests a row should be able to send without wrapping (run.ts: rate × seconds). */
  need: number;
  load: (next: () => SearchPlanned) => Promise<SearchLoadResult>;
  probe: (p: SearchPlanned) => Promise<string | null>;
  rowOf: (name: string, r: SearchLoadResult, note: string) => Row;
  missingRow: (name: string, why: string) => Row;
  rand: () => number;
}

/** Words of the seed, lower-case, 4 letters or more (what people search for). */
function seedWords(): string[] {
  const words = new Set<string>();
  for (const text of [...SEED_ITEMS.map(([item]) => item), ...SEED_DETAILS, ...SEED_NOTES]) {
    for (const w of text.toLowerCase().split(/[^\p{L}]+/u)) if ([...w].length >= 4) words.add(w);
  }
  return [...words];
}

/** How people mistype `word`: as is, accents dropped, a letter missing, doubled, swapped. */
function spellings(word: string): string[] {
  const out = new Set<string>([word, word.normalize('NFD').replace(/\p{M}/gu, '')]);
  const letters = [...word];
  for (let i = 1; i < letters.length - 1; i++) {
    out.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
    out.add([...letters.slice(0, i + 1), ...letters.slice(i)].join(''));
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1] ?? '', swapped[i] ?? ''];
    out.add(swapped.join(''));
  }
  return [...out];
}

function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
  return items;
}

function pick<T>(items: readonly T[], rand: () => number): T {
  return items[Math.floor(rand() * items.length)] as T;
}

/** A date range of one to three months within the seed's two years (2024–2025). */
function dateRange(rand: () => number): string {
  const start = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 640) * 86_400_000);
  const end = new Date(start.getTime() + (30 + Math.floor(rand() * 60)) * 86_400_000);
  return `from=${start.toISOString().slice(0, 10)}&to=${end.toISOString().slice(0, 10)}`;
}

/** An amount range within the seed's amounts (1 to 1,200). */
function amountRange(rand: () => number): string {
  const min = 1 + Math.floor(rand() * 200);
  return `minAmount=${min}&maxAmount=${min + 20 + Math.floor(rand() * 200)}.50`;
}

interface SearchRowPlan {
  name: string;
  what: string;
  /** (user, path) pairs, each once. */
  items: (readonly [number, string])[];
}

function unique(items: (readonly [number, string])[]): (readonly [number, string])[] {
  const seen = new Set<string>();
  return items.filter(([u, p]) => {
    const key = `${u} ${p}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function plans(deps: SearchBenchDeps<unknown>): SearchRowPlan[] {
  const { rand, need } = deps;
  const words = seedWords();
  const typed = words.flatMap(spellings);
  const q = (s: string) => encodeURIComponent(s);
  const big = deps.bigGroupId;
  const members = deps.membersOf(big);
  const perMember = Math.ceil(need / Math.max(1, members.length)) + 1;
  // Page sizes of 10–50: with the big group's 8 members, more distinct (user, URL) pairs.
  const limit = () => 10 + Math.floor(rand() * 41);
  // Single words and pairs of words (both must match), misspelled.
  const query = () =>
    rand() < 0.6 ? pick(typed, rand) : `${pick(typed, rand)} ${pick(typed, rand)}`;
  const inGroup = unique(
    members.flatMap((u) =>
      Array.from(
        { length: perMember },
        () => [u, `/api/groups/${big}/search?q=${q(query())}&limit=${limit()}`] as const,
      ),
    ),
  );
  const categories = CATEGORY_IDS.filter((c) => c !== 'general');
  const inGroupFiltered = unique(
    members.flatMap((u) =>
      Array.from(
        { length: perMember },
        () =>
          [
            u,
            `/api/groups/${big}/search?q=${q(pick(typed, rand))}&${rand() < 0.5 ? amountRange(rand) : dateRange(rand)}&limit=${limit()}`,
          ] as const,
      ),
    ),
  );
  const walkers = shuffle([...deps.walkers], rand);
  const rounds = Math.max(1, Math.ceil(need / Math.max(1, walkers.length)));
  const everywhere = unique(
    Array.from({ length: rounds }, () =>
      walkers.map((u) => [u, `/api/search?q=${q(query())}&limit=${limit()}`] as const),
    ).flat(),
  );
  const filtered = unique(
    Array.from({ length: rounds }, () =>
      walkers.map((u) => {
        const parts = [
          `category=${pick(categories, rand)}`,
          rand() < 0.5 ? amountRange(rand) : dateRange(rand),
        ];
        return [u, `/api/search?${parts.join('&')}&limit=20`] as const;
      }),
    ).flat(),
  );
  return [
    {
      name: 'search in the big group: text, no repeat',
      what: '(member, query) pairs',
      items: shuffle(inGroup, rand),
    },
    {
      name: 'search in the big group: text + filter, no repeat',
      what: '(member, query) pairs',
      items: shuffle(inGroupFiltered, rand),
    },
    {
      name: 'search everything: text, no repeat',
      what: '(user, query) pairs',
      items: shuffle(everywhere, rand),
    },
    {
      name: 'search everything: category + range, no repeat',
      what: '(user, query) pairs',
      items: shuffle(filtered, rand),
    },
  ];
}

/** The search rows, measured one after another. */
export async function searchRows<Row>(deps: SearchBenchDeps<Row>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const plan of plans(deps)) {
    let i = 0;
    const at = (n: number): SearchPlanned => {
      const item = plan.items[n % plan.items.length];
      if (item === undefined) throw new Error('empty search plan');
      return { kind: 0, method: 'GET', path: item[1], headers: deps.authOf(item[0]) };
    };
    if (plan.items.length === 0) {
      rows.push(deps.missingRow(plan.name, 'no users to search as'));
      continue;
    }
    const why = await deps.probe(at(i++));
    if (why !== null) {
      rows.push(deps.missingRow(plan.name, why));
      continue;
    }
    const r = await deps.load(() => at(i++));
    const wrapped = Math.max(0, i - plan.items.length);
    const note =
      wrapped > 0
        ? `WRAPPED: ${wrapped} requests repeated a pair (${plan.items.length} ${plan.what})`
        : `${i} of ${plan.items.length} ${plan.what} used${r.errorSamples[0] !== undefined ? `; ${r.errorSamples[0]}` : ''}`;
    rows.push(deps.rowOf(plan.name, r, note));
  }
  return rows;
}
