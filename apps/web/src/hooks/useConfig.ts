import { useQuery } from '@tanstack/react-query';
import { profileApi } from '../api/profile';
import { queryKeys } from '../api/queryKeys';

/** GET /api/config (sign-up policy, support link): fetched once and kept for the session. */
export function useServerConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: profileApi.config,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Whether "Create an account" links should show: hidden only once the server says `closed`. */
export function useSignUpOpen(): boolean {
  const config = useServerConfig();
  return config.data?.registration !== 'closed';
}
