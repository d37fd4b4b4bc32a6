import { Suspense, type ReactNode } from 'react';
import { Outlet, useMatch } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useCurrentUser } from '../../auth/authContext';
import { useIsDesktop } from '../../hooks/useMediaQuery';
import { useScrollTopOnNavigate } from '../../hooks/useScrollTopOnNavigate';
import { FriendsPage, GroupsPage } from '../../lazyListPages';
import { NonGroupExpenses } from '../friends/NonGroupExpenses';
import { FriendsIcon, GroupIcon } from '../icons';
import { DetailPaneContext } from './detailPane';
import { PageLoader } from '../Spinner';

// The routes whose item the detail pane shows.
const GROUP_PATH = '/app/group/:groupId';
const GROUP_SETTINGS_PATH = '/app/groups/:groupId/settings';
const GROUP_CHARTS_PATH = '/app/groups/:groupId/charts';
const FRIEND_PATH = '/app/friends/:friendId';

/** One page in a centred column: every /app page on phones, most pages on desktop. */
export function PageColumn() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-4 pb-10 lg:max-w-3xl lg:px-8 lg:pt-6">
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/**
 * List and detail: on phones the route's own page (the list, or one item of it); on desktop the
 * list in a pane on the left and, on the right, the item the route names or `placeholder`. The
 * URLs are the phone's, so links and deep links open the same item at either size.
 */
function SplitLayout({
  listPath,
  list,
  detailShown,
  placeholder,
}: {
  listPath: string;
  list: ReactNode;
  detailShown: boolean;
  placeholder: ReactNode;
}) {
  const desktop = useIsDesktop();
  const detailPane = useScrollTopOnNavigate<HTMLDivElement>();
  if (!desktop) return <PageColumn />;
  return (
    <div className="grid h-full grid-cols-[minmax(21rem,25rem)_minmax(0,1fr)] xl:grid-cols-[28rem_minmax(0,1fr)]">
      {/* Each pane scrolls on its own; focusable (by a click, not Tab) so the keyboard's
          scroll keys move the pane the user is in. */}
      <div
        tabIndex={-1}
        className="overflow-y-auto border-e border-border px-5 pt-6 pb-10 outline-none"
        data-pane="list"
      >
        <Suspense fallback={<PageLoader />}>{list}</Suspense>
      </div>
      <div
        ref={detailPane}
        tabIndex={-1}
        className="overflow-y-auto outline-none"
        data-pane="detail"
      >
        <div className="mx-auto w-full max-w-3xl px-8 pt-6 pb-10">
          <DetailPaneContext.Provider value={listPath}>
            <Suspense fallback={<PageLoader />}>{detailShown ? <Outlet /> : placeholder}</Suspense>
          </DetailPaneContext.Provider>
        </div>
      </div>
    </div>
  );
}

function Placeholder({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center text-muted">
      {icon}
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      <p className="max-w-sm text-sm">{text}</p>
    </div>
  );
}

/** /app, /app/groups, /app/group/:id, its settings and charts: the groups beside the chosen group. */
export function GroupsLayout() {
  const { t } = useLingui();
  const group = useMatch(GROUP_PATH);
  const settings = useMatch(GROUP_SETTINGS_PATH);
  const charts = useMatch(GROUP_CHARTS_PATH);
  const detailShown = group !== null || settings !== null || charts !== null;
  return (
    <SplitLayout
      listPath="/app/groups"
      detailShown={detailShown}
      list={<GroupsPage detailShown={detailShown} />}
      placeholder={
        <Placeholder
          icon={<GroupIcon className="size-12" />}
          title={t`Choose a group`}
          text={t`Its balances, suggested payments and expenses show here.`}
        />
      }
    />
  );
}

/** /app/friends and /app/friends/:id: the friends beside the chosen friend. */
export function FriendsLayout() {
  const friend = useMatch(FRIEND_PATH);
  const detailShown = friend !== null;
  return (
    <SplitLayout
      listPath="/app/friends"
      detailShown={detailShown}
      list={<FriendsPage detailShown={detailShown} listOnly />}
      placeholder={<FriendsPlaceholder />}
    />
  );
}

/** Desktop, no friend chosen: the expenses outside groups, which the phone's list page ends with. */
function FriendsPlaceholder() {
  const { t } = useLingui();
  const me = useCurrentUser();
  return (
    <>
      <Placeholder
        icon={<FriendsIcon className="size-12" />}
        title={t`Choose a friend`}
        text={t`What you owe each other, in groups and outside them, shows here.`}
      />
      <NonGroupExpenses me={me} />
    </>
  );
}
