import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** After any write, balances anywhere may have moved: refetch everything that is shown. */
export function useInvalidateAll(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries(), [client]);
}
