import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ChartIcon, GearIcon, SearchIcon } from '../icons';

/** The group page's header links: search its expenses, its charts, and Group settings. */
export function GroupPageLinks({ groupId }: { groupId: number }) {
  const { t } = useLingui();
  return (
    <>
      <Link
        to={`/app/group/${groupId}/search`}
        className="btn-ghost px-3"
        aria-label={t`Search this group’s expenses`}
      >
        <SearchIcon className="size-5" />
      </Link>
      <Link to={`/app/groups/${groupId}/charts`} className="btn-ghost px-3" aria-label={t`Charts`}>
        <ChartIcon className="size-5" />
      </Link>
      <Link
        to={`/app/groups/${groupId}/settings`}
        className="btn-ghost px-3"
        aria-label={t`Group settings`}
      >
        <GearIcon className="size-5" />
      </Link>
    </>
  );
}
