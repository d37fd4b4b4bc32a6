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
  useDocumentTitle(detailShown ? null : 'Groups');
  const { data: groups, isPending, error } = useMyGroups();
  const [searchOpen, setSearchOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<GroupFilter>('none');
  const [filterOpen, setFilterOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);

  const visible = groups ? applyGroupFilter(groups, filter, search) : [];
  const filterLabel = GROUP_FILTERS.find((f) => f.value === filter)?.label;

  return (
    <>
      <PageHeader
        title="Groups"
        level={detailShown ? 2 : 1}
        actions={
          <>
            <button
              type="button"
              className="btn-ghost px-3"
              aria-label="Search groups"
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
              aria-label="Filter groups"
              onClick={() => setFilterOpen(true)}
            >
              <FilterIcon className="size-5" />
            </button>
            <Link to="/app/import" className="btn-ghost px-3">
              <DownloadIcon className="size-5" />
              <span className="sr-only">Import a group</span>
            </Link>
            <button type="button" className="btn-primary px-3" onClick={() => setCreateOpen(true)}>
              <PlusIcon className="size-5" />
              <span className="hidden sm:inline">Create group</span>
              <span className="sr-only sm:hidden">Create group</span>
            </button>
          </>
        }
      />
      <ClaimBanner />
      <section className="card mb-4 p-4" aria-label="Overall balance">
        <OverallBalanceText />
      </section>
      {searchOpen ? (
        <div className="mb-4">
          <label htmlFor="group-search" className="sr-only">
            Search groups
          </label>
          <input
            id="group-search"
            type="search"
            className="field"
            placeholder="Search groups..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoFocus
          />
        </div>
      ) : null}
      {filter !== 'none' ? (
        <p className="mb-3 flex items-center gap-2 text-sm text-muted">
          Filter: <span className="font-medium text-fg">{filterLabel}</span>
          <button
            type="button"
            className="btn-ghost min-h-9 px-2 text-primary"
            onClick={() => setFilter('none')}
          >
            Clear
          </button>
        </p>
      ) : null}
      {isPending ? (
        <SkeletonList rows={4} height="h-24" />
      ) : error ? (
        <p role="alert" className="card p-4 text-danger">
          Error: {error.message}
        </p>
      ) : groups.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-8 text-center">
          <GroupIcon className="size-10 text-muted" />
          <p className="font-semibold">No groups yet</p>
          <p className="text-sm text-muted">Create a group for a trip, a flat or a team.</p>
          <button type="button" className="btn-primary" onClick={() => setCreateOpen(true)}>
            Create group
          </button>
          <Link to="/app/import" className="btn-secondary">
            Import a group
          </Link>
        </div>
      ) : visible.length === 0 ? (
        <p className="card p-6 text-center text-muted">
          {search.trim() ? 'No groups match your search.' : 'No groups match the current filter.'}
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
