import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClaimBanner } from '../components/groups/ClaimBanner';
import { CreateGroupModal } from '../components/groups/CreateGroupModal';
import { GroupCard } from '../components/groups/GroupCard';
import { GroupFilterSheet } from '../components/groups/GroupFilterSheet';
import { DownloadIcon, FilterIcon, GroupIcon, PlusIcon, SearchIcon } from '../components/icons';
import { OverallBalanceText } from '../components/OverallBalance';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useMyGroups } from '../hooks/useGroups';
import { applyGroupFilter, GROUP_FILTERS, type GroupFilter } from '../lib/groupFilters';

/** `detailShown`: the list beside a group on desktop, whose page holds the title. */
export default function GroupsPage({ detailShown = false }: { detailShown?: boolean }) {
  const { t } = useLingui();
  useDocumentTitle(detailShown ? null : t`Groups`);
  const { data: groups, isPending, error } = useMyGroups();
  const [searchOpen, setSearchOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<GroupFilter>('none');
  const [filterOpen, setFilterOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);

  const visible = groups ? applyGroupFilter(groups, filter, search) : [];
  const filterDescriptor = GROUP_FILTERS.find((f) => f.value === filter)?.label;
  const filterLabel = filterDescriptor ? t(filterDescriptor) : '';

  return (
    <>
      <PageHeader
        title={t`Groups`}
        level={detailShown ? 2 : 1}
        actions={
          <>
            <button
              type="button"
              className="btn-ghost px-3"
              aria-label={t`Search groups`}
              aria-pressed={searchOpen}
              onClick={() => {
                setSearchOpen((v) => !v);
                setSearch('');
              }}
            >
              <SearchIcon className="size-5" />
            </button>
            <button
              type="button"
              className={`btn-ghost px-3 ${filter !== 'none' ? 'text-primary' : ''}`}
              aria-label={t`Filter groups`}
              onClick={() => setFilterOpen(true)}
            >
              <FilterIcon className="size-5" />
            </button>
            <Link to="/app/import" className="btn-ghost px-3">
              <DownloadIcon className="size-5" />
              <span className="sr-only">
                <Trans>Import a group</Trans>
              </span>
            </Link>
            <button type="button" className="btn-primary px-3" onClick={() => setCreateOpen(true)}>
              <PlusIcon className="size-5" />
              <span className="hidden sm:inline">
                <Trans>Create group</Trans>
              </span>
              <span className="sr-only sm:hidden">
                <Trans>Create group</Trans>
              </span>
            </button>
          </>
        }
      />
      <ClaimBanner />
      <section className="card mb-4 p-4" aria-label={t`Overall balance`}>
        <OverallBalanceText />
      </section>
      {searchOpen ? (
        <div className="mb-4">
          <label htmlFor="group-search" className="sr-only">
            <Trans>Search groups</Trans>
          </label>
          <input
            id="group-search"
            type="search"
            className="field"
            placeholder={t`Search groups...`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoFocus
          />
        </div>
      ) : null}
      {filter !== 'none' ? (
        <p className="mb-3 flex items-center gap-2 text-sm text-muted">
          <Trans>
            Filter: <span className="font-medium text-fg">{filterLabel}</span>
          </Trans>
          <button
            type="button"
            className="btn-ghost min-h-9 px-2 text-primary"
            onClick={() => setFilter('none')}
          >
            <Trans>Clear</Trans>
          </button>
        </p>
      ) : null}
      {isPending ? (
        <SkeletonList rows={4} height="h-24" />
      ) : error ? (
        <p role="alert" className="card p-4 text-danger">
          {t`Error: ${{ message: error.message }}`}
        </p>
      ) : groups.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-8 text-center">
          <GroupIcon className="size-10 text-muted" />
          <p className="font-semibold">
            <Trans>No groups yet</Trans>
          </p>
          <p className="text-sm text-muted">
            <Trans>Create a group for a trip, a flat or a team.</Trans>
          </p>
          <button type="button" className="btn-primary" onClick={() => setCreateOpen(true)}>
            <Trans>Create group</Trans>
          </button>
          <Link to="/app/import" className="btn-secondary">
            <Trans>Import a group</Trans>
          </Link>
        </div>
      ) : visible.length === 0 ? (
        <p className="card p-6 text-center text-muted">
          {search.trim() ? t`No groups match your search.` : t`No groups match the current filter.`}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {visible.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} />
            </li>
          ))}
        </ul>
      )}
      {filterOpen ? (
        <GroupFilterSheet
          value={filter}
          onChange={setFilter}
          onClose={() => setFilterOpen(false)}
        />
      ) : null}
      {createOpen ? <CreateGroupModal onClose={() => setCreateOpen(false)} /> : null}
    </>
  );
}
