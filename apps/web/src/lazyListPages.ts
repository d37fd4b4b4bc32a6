import { lazy } from 'react';

// The two list pages are rendered both by the router (on phones the list is the page) and by the
// shell's split layouts (on desktop the list sits beside the detail). They live apart from
// lazyPages, which lazily imports the shell, so the shell can import them without an import cycle.
export const GroupsPage = lazy(() => import('./pages/GroupsPage'));
export const FriendsPage = lazy(() => import('./pages/FriendsPage'));
