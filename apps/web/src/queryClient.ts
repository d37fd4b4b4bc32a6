// The query cache of the signed-in app. Loaded with the app shell (components/QueryLayout), not
// by the sign-in pages, whose first load stays free of the query library.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { onSessionChange } from './auth/sessionEvents';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      // Client errors (4xx) will not fix themselves: show them at once.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

// Nothing of one person may show for the next, whenever this module was loaded.
onSessionChange(() => queryClient.clear());
