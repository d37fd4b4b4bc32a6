import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../auth/authContext';
import { EMPTY_FILTERS, searchApi, type SearchFilters } from '../api/search';
import type { Expense, User } from '../api/types';
import { CategoryBadge } from '../components/category/CategoryIcon';
import { CloseIcon, FilterIcon, SearchIcon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFriends } from '../hooks/useFriendships';
import { useGroup, useMyGroups } from '../hooks/useGroups';
import { CATEGORIES, categoryLabel } from '../lib/categories';
import { formatDate } from '../lib/dates';
import { formatMoney } from '../lib/money';
import { isNumericId } from '../lib/validation';

/** How long typing pauses before the search runs. */
const DEBOUNCE_MS = 300;
const AMOUNT = /^\d{1,8}(\.\d{1,4})?$/;
const FILTER_KEYS = ['minAmount', 'maxAmount', 'category', 'personId', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): SearchFilters {
  const f = { ...EMPTY_FILTERS };
  for (const key of ['q', ...FILTER_KEYS] as const) f[key] = params.get(key) ?? '';
  return f;
}

/** Field problems the server would refuse (shown beside the field; nothing is sent). */
function problems(f: SearchFilters): Partial<Record<keyof SearchFilters, string>> {
  const out: Partial<Record<keyof SearchFilters, string>> = {};
  if (f.minAmount !== '' && !AMOUNT.test(f.minAmount))
    out.minAmount = 'Enter an amount like 12.50.';
  if (f.maxAmount !== '' && !AMOUNT.test(f.maxAmount))
    out.maxAmount = 'Enter an amount like 12.50.';
  if (!out.minAmount && !out.maxAmount && f.minAmount !== '' && f.maxAmount !== '') {
    if (Number(f.minAmount) > Number(f.maxAmount)) out.maxAmount = 'Must not be below the minimum.';
  }
  if (f.from !== '' && f.to !== '' && f.from > f.to) out.to = 'Must not be before “From”.';
  return out;
}

/** Where a result opens: in its group, or on the page of the friend it is shared with. */
function expenseLink(e: Expense, meId: number): string {
  if (e.groupId !== null) return `/app/group/${e.groupId}?expense=${e.id}`;
  const people = [...e.payers.map((p) => p.user), ...e.splits.map((s) => s.owedBy)];
  const other = people.find((p) => p.id !== meId);
  return other ? `/app/friends/${other.id}?expense=${e.id}` : '/app/friends';
}

/**
 * Expense search (issue #14): across everything the user can see (/app/search) or within one
 * group (/app/group/:groupId/search). Text tolerant of typos and accents over description, notes
 * and comments; amount, category, person and date filters; results page by page. The query
 * lives in the URL, so going back to the screen shows the same results.
 */
export default function SearchPage() {
  const { groupId: rawGroupId } = useParams();
  const groupId = isNumericId(rawGroupId) ? Number(rawGroupId) : null;
  const me = useCurrentUser();
  const group = useGroup(groupId);
  const groups = useMyGroups();
  const friends = useFriends();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const [text, setText] = useState(filters.q);
  const activeFilters = FILTER_KEYS.filter((k) => filters[k] !== '').length;
  const [showFilters, setShowFilters] = useState(activeFilters > 0);
  const ids = useId();
  const title =
    groupId === null ? 'Search expenses' : `Search in ${group.data?.name ?? 'this group'}`;
  useDocumentTitle(title);

  const setFilter = useCallback(
    (key: keyof SearchFilters, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === '') next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The text box writes `q` once typing pauses.
  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => setFilter('q', text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, setFilter]);

  const invalid = problems(filters);
  const valid = Object.keys(invalid).length === 0;
  const results = useInfiniteQuery({
    queryKey: ['search', groupId, filters] as const,
    queryFn: ({ pageParam, signal }) => searchApi.page(filters, groupId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: valid,
  });
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];

  const people = useMemo(() => {
    const byId = new Map<number, User>();
    const add = (u: User | null | undefined) => {
      if (u) byId.set(u.id, u);
    };
    if (groupId !== null) {
      for (const m of group.data?.members ?? []) add(m);
    } else {
      add(me);
      for (const f of friends.data ?? []) if (f.status === 'ACCEPTED') add(f.otherUser);
      for (const g of groups.data ?? []) for (const m of g.members) add(m);
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [groupId, group.data, friends.data, groups.data, me]);
  const groupName = (id: number | null) =>
    id === null ? 'Outside groups' : (groups.data?.find((g) => g.id === id)?.name ?? 'Group');

  const clearFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const k of FILTER_KEYS) next.delete(k);
        return next;
      },
      { replace: true },
    );

  const field = (key: keyof SearchFilters) => ({
    id: `${ids}-${key}`,
    value: filters[key],
    'aria-invalid': invalid[key] ? true : undefined,
    'aria-describedby': invalid[key] ? `${ids}-${key}-error` : undefined,
  });
  const fieldError = (key: keyof SearchFilters) =>
    invalid[key] ? (
      <p id={`${ids}-${key}-error`} className="mt-1 text-sm text-danger">
        {invalid[key]}
      </p>
    ) : null;

  return (
    <>
      <PageHeader
        title={title}
        back={groupId === null ? '/app/activity' : `/app/group/${groupId}`}
      />
      <form
        role="search"
        aria-label={title}
        className="card mb-4 space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter('q', text.trim());
        }}
      >
        <div className="flex gap-2">
          <div className="relative flex-1">
            <label htmlFor={`${ids}-q`} className="sr-only">
              Search text
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 start-3 size-5 -translate-y-1/2 text-muted" />
            <input
              id={`${ids}-q`}
              type="search"
              className="field ps-10"
              placeholder="Description, notes or comments"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn-secondary px-3"
            aria-expanded={showFilters}
            aria-controls={`${ids}-filters`}
            onClick={() => setShowFilters((v) => !v)}
          >
            <FilterIcon className="size-5" />
            <span>Filters</span>
            {activeFilters > 0 ? (
              <span className="rounded-full bg-primary px-2 text-xs text-on-primary">
                <span className="sr-only">(</span>
                {activeFilters}
                <span className="sr-only"> active)</span>
              </span>
            ) : null}
          </button>
        </div>
        <fieldset
          id={`${ids}-filters`}
          hidden={!showFilters}
          className="grid grid-cols-2 gap-3 lg:grid-cols-3"
        >
          <legend className="sr-only">Filters</legend>
          <div>
            <label htmlFor={`${ids}-minAmount`} className="label">
              Min amount
            </label>
            <input
              {...field('minAmount')}
              className="field"
              inputMode="decimal"
              placeholder="0.00"
              onChange={(e) => setFilter('minAmount', e.target.value.trim())}
            />
            {fieldError('minAmount')}
          </div>
          <div>
            <label htmlFor={`${ids}-maxAmount`} className="label">
              Max amount
            </label>
            <input
              {...field('maxAmount')}
              className="field"
              inputMode="decimal"
              placeholder="Any"
              onChange={(e) => setFilter('maxAmount', e.target.value.trim())}
            />
            {fieldError('maxAmount')}
          </div>
          <div>
            <label htmlFor={`${ids}-category`} className="label">
              Category
            </label>
            <select
              {...field('category')}
              className="field"
              onChange={(e) => setFilter('category', e.target.value)}
            >
              <option value="">Any category</option>
              {CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-personId`} className="label">
              Person
            </label>
            <select
              {...field('personId')}
              className="field"
              onChange={(e) => setFilter('personId', e.target.value)}
            >
              <option value="">Anyone</option>
              {people.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.id === me.id ? `${p.name} (you)` : p.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-from`} className="label">
              From
            </label>
            <input
              {...field('from')}
              type="date"
              className="field"
              onChange={(e) => setFilter('from', e.target.value)}
            />
            {fieldError('from')}
          </div>
          <div>
            <label htmlFor={`${ids}-to`} className="label">
              To
            </label>
            <input
              {...field('to')}
              type="date"
              className="field"
              onChange={(e) => setFilter('to', e.target.value)}
            />
            {fieldError('to')}
          </div>
          {activeFilters > 0 ? (
            <div className="col-span-2 lg:col-span-3">
              <button type="button" className="btn-ghost px-3" onClick={clearFilters}>
                <CloseIcon className="size-4" />
                Clear filters
              </button>
            </div>
          ) : null}
        </fieldset>
      </form>

      {!valid ? (
        <p className="card p-4 text-sm text-muted">Correct the filters to see results.</p>
      ) : results.isPending ? (
        <div aria-busy="true" aria-label="Searching">
          <SkeletonList rows={4} />
        </div>
      ) : results.error ? (
        <div role="alert" className="card flex flex-col items-start gap-3 p-4">
          <p className="text-danger">{results.error.message}</p>
          <button type="button" className="btn-secondary" onClick={() => void results.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-muted">
            {items.length === 0
              ? ''
              : `${items.length}${results.hasNextPage ? '+' : ''} ${items.length === 1 ? 'expense' : 'expenses'} found`}
          </p>
          {items.length === 0 ? (
            <div className="card flex flex-col items-center gap-2 p-8 text-center">
              <SearchIcon className="size-10 text-muted" />
              <p className="font-semibold">No expenses match</p>
              <p className="text-sm text-muted">
                {filters.q !== '' || activeFilters > 0
                  ? 'Try other words or fewer filters.'
                  : 'Expenses you can see will show up here.'}
              </p>
            </div>
          ) : (
            <ul className="card divide-y divide-border" aria-label="Results">
              {items.map((e) => (
                <li key={e.id}>
                  <Link
                    to={expenseLink(e, me.id)}
                    className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2"
                  >
                    <CategoryBadge id={e.category} size="md" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium">{e.description}</p>
                      <p className="truncate text-xs text-muted">
                        {formatDate(e.date)}
                        {groupId === null ? ` · ${groupName(e.groupId)}` : ''}
                        {` · ${categoryLabel(e.category)}`}
                        {e.commentCount > 0
                          ? ` · ${e.commentCount} ${e.commentCount === 1 ? 'comment' : 'comments'}`
                          : ''}
                      </p>
                    </div>
                    <span className="shrink-0 font-semibold tabular-nums">
                      {formatMoney(e.amount, e.currency)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {results.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <button
                type="button"
                className="btn-secondary"
                disabled={results.isFetchingNextPage}
                onClick={() => void results.fetchNextPage()}
              >
                {results.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
