import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../auth/authContext';
import { searchApi, type SearchFilters } from '../api/search';
import type { User } from '../api/types';
import { CategoryBadge } from '../components/category/CategoryIcon';
import { CloseIcon, FilterIcon, SearchIcon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useFriends } from '../hooks/useFriendships';
import { useGroup, useMyGroups } from '../hooks/useGroups';
import { CATEGORIES, categoryLabel } from '../lib/categories';
import { formatDate } from '../lib/dates';
import { expenseLink, FILTER_KEYS, filtersOf, problems } from '../lib/expenseSearch';
import { formatMoney } from '../lib/money';
import { isNumericId } from '../lib/validation';

/** How long typing pauses before the search runs. */
const DEBOUNCE_MS = 300;
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
  const { i18n, t } = useLingui();
  const groupTitle = group.data?.name;
  const title =
    groupId === null
      ? t`Search expenses`
      : groupTitle === undefined
        ? t`Search in this group`
        : t`Search in ${groupTitle}`;
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

  const invalid = problems(i18n, filters);
  const valid = Object.keys(invalid).length === 0;
  const results = useInfiniteQuery({
    queryKey: ['search', groupId, filters] as const,
    queryFn: ({ pageParam, signal }) => searchApi.page(filters, groupId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: valid,
  });
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const found = items.length;

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
    id === null ? t`Outside groups` : (groups.data?.find((g) => g.id === id)?.name ?? t`Group`);

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
          <div className="relative min-w-0 flex-1">
            <label htmlFor={`${ids}-q`} className="sr-only">
              <Trans>Search text</Trans>
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 start-3 size-5 -translate-y-1/2 text-muted" />
            <input
              id={`${ids}-q`}
              type="search"
              className="field ps-10"
              placeholder={t`Description, notes or comments`}
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
            <span>
              <Trans>Filters</Trans>
            </span>
            {activeFilters > 0 ? (
              // The number alone on screen; a screen reader hears the whole message (the
              // digits kept out of a message, whose words a language may put anywhere).
              <span className="rounded-full bg-primary px-2 text-xs text-on-primary">
                <span aria-hidden="true">{activeFilters}</span>
                <span className="sr-only">{t`(${activeFilters} active)`}</span>
              </span>
            ) : null}
          </button>
        </div>
        <fieldset
          id={`${ids}-filters`}
          hidden={!showFilters}
          className="grid grid-cols-2 gap-3 lg:grid-cols-3"
        >
          <legend className="sr-only">
            <Trans>Filters</Trans>
          </legend>
          <div>
            <label htmlFor={`${ids}-minAmount`} className="label">
              <Trans>Min amount</Trans>
            </label>
            <input
              // eslint-disable-next-line lingui/no-unlocalized-strings -- a filter's name
              {...field('minAmount')}
              className="field"
              inputMode="decimal"
              placeholder="0.00"
              onChange={(e) => setFilter('minAmount', e.target.value.trim())}
            />
            {/* eslint-disable-next-line lingui/no-unlocalized-strings -- a filter's name */}
            {fieldError('minAmount')}
          </div>
          <div>
            <label htmlFor={`${ids}-maxAmount`} className="label">
              <Trans>Max amount</Trans>
            </label>
            <input
              // eslint-disable-next-line lingui/no-unlocalized-strings -- a filter's name
              {...field('maxAmount')}
              className="field"
              inputMode="decimal"
              placeholder={t`Any`}
              onChange={(e) => setFilter('maxAmount', e.target.value.trim())}
            />
            {/* eslint-disable-next-line lingui/no-unlocalized-strings -- a filter's name */}
            {fieldError('maxAmount')}
          </div>
          <div>
            <label htmlFor={`${ids}-category`} className="label">
              <Trans>Category</Trans>
            </label>
            <select
              {...field('category')}
              className="field"
              onChange={(e) => setFilter('category', e.target.value)}
            >
              <option value="">{t`Any category`}</option>
              {CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-personId`} className="label">
              <Trans>Person</Trans>
            </label>
            <select
              // eslint-disable-next-line lingui/no-unlocalized-strings -- a filter's name
              {...field('personId')}
              className="field"
              onChange={(e) => setFilter('personId', e.target.value)}
            >
              <option value="">{t`Anyone`}</option>
              {people.map(({ id, name }) => (
                <option key={id} value={String(id)}>
                  {id === me.id ? t`${name} (you)` : name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-from`} className="label">
              <Trans>From</Trans>
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
              <Trans>To</Trans>
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
                <Trans>Clear filters</Trans>
              </button>
            </div>
          ) : null}
        </fieldset>
      </form>

      {!valid ? (
        <p className="card p-4 text-sm text-muted">
          <Trans>Correct the filters to see results.</Trans>
        </p>
      ) : results.isPending ? (
        <div aria-busy="true" aria-label={t`Searching`}>
          <SkeletonList rows={4} />
        </div>
      ) : results.error ? (
        <div role="alert" className="card flex flex-col items-start gap-3 p-4">
          <p className="text-danger">{results.error.message}</p>
          <button type="button" className="btn-secondary" onClick={() => void results.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-muted">
            {items.length === 0
              ? ''
              : results.hasNextPage
                ? t`${plural(found, { one: '#+ expense found', other: '#+ expenses found' })}`
                : t`${plural(found, { one: '# expense found', other: '# expenses found' })}`}
          </p>
          {items.length === 0 ? (
            <div className="card flex flex-col items-center gap-2 p-8 text-center">
              <SearchIcon className="size-10 text-muted" />
              <p className="font-semibold">
                <Trans>No expenses match</Trans>
              </p>
              <p className="text-sm text-muted">
                {filters.q !== '' || activeFilters > 0
                  ? t`Try other words or fewer filters.`
                  : t`Expenses you can see will show up here.`}
              </p>
            </div>
          ) : (
            <ul className="card divide-y divide-border" aria-label={t`Results`}>
              {items.map((e) => {
                const comments = e.commentCount;
                return (
                  <li key={e.id}>
                    <Link
                      to={expenseLink(e, me.id)}
                      className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2"
                    >
                      <CategoryBadge id={e.category} size="md" />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium">{e.description}</p>
                        <p className="truncate text-xs text-muted">
                          <span translate="no">{formatDate(e.date)}</span>
                          {groupId === null ? ` · ${groupName(e.groupId)}` : ''}
                          {` · ${categoryLabel(e.category)}`}
                          {e.commentCount > 0
                            ? ` · ${t`${plural(comments, { one: '# comment', other: '# comments' })}`}`
                            : ''}
                        </p>
                      </div>
                      <span className="shrink-0 font-semibold tabular-nums">
                        {formatMoney(e.amount, e.currency)}
                      </span>
                    </Link>
                  </li>
                );
              })}
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
                {results.isFetchingNextPage ? t`Loading…` : t`Show more`}
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
