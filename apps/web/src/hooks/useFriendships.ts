import { useQuery } from '@tanstack/react-query';
import { friendshipsApi } from '../api/friendships';
import { queryKeys } from '../api/queryKeys';

export function useFriends() {
  return useQuery({ queryKey: queryKeys.friends, queryFn: friendshipsApi.friends });
}

export function useIncomingRequests() {
  return useQuery({ queryKey: queryKeys.incoming, queryFn: friendshipsApi.incoming });
}

export function useOutgoingRequests() {
  return useQuery({ queryKey: queryKeys.outgoing, queryFn: friendshipsApi.outgoing });
}
