import { useQuery } from '@tanstack/react-query';
import { fxApi } from '../api/balances';
import type { ExchangeRateQuote } from '../api/types';

/**
 * The rate service's rate from `from` into `to` for `date`, looked up only when `to` is set
 * (a conversion applies). Not retried: when the service is down the form asks for a rate.
 */
export function useRateQuote(
  from: string,
  to: string | null,
  date: string,
): { pending: boolean; data: ExchangeRateQuote | null } {
  const quote = useQuery({
    queryKey: ['fx', from, to, date],
    queryFn: () => fxApi.rate(from, to ?? from, date),
    enabled: to !== null,
    retry: false,
    staleTime: 60 * 60 * 1000,
  });
  return { pending: to !== null && quote.isPending, data: quote.data ?? null };
}
