// Where the catalogs of the pages loaded later are (`account`, `landing`, `app`): a chunk of its
// own, fetched with the first such page, so the list of every language's files is not part of
// the sign-in page's first load.
import type { Messages } from '@lingui/core';

type Loader = () => Promise<{ messages: Messages }>;

export const LATER_LOADERS: Record<'account' | 'landing' | 'app', Record<string, Loader>> = {
  account: import.meta.glob<{ messages: Messages }>('../locales/account/*.ts'),
  landing: import.meta.glob<{ messages: Messages }>('../locales/landing/*.ts'),
  app: import.meta.glob<{ messages: Messages }>('../locales/app/*.ts'),
};
