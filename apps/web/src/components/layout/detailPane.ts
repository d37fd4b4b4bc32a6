import { createContext } from 'react';

/**
 * Inside the detail pane of the desktop split layout: the path of the list shown beside it
 * (`/app/groups`, `/app/friends`), so a page header leaves out its back link to that list.
 * Null everywhere else (phones, single-column pages).
 */
export const DetailPaneContext = createContext<string | null>(null);
