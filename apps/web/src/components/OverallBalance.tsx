import { useOverallBalance } from '../hooks/useBalances';
import { formatMoney, isZero } from '../lib/money';
import { SkeletonLine } from './Skeleton';

/** "Overall, you are owed …" line shared by the groups and friends pages. */
export function OverallBalanceText({
  errorText = 'Could not load balance summary.',
}: {
  errorText?: string;
}) {
  const { data, isPending, isError } = useOverallBalance();
  if (isPending) {
    return (
      <p className="flex h-7 items-center text-muted">
        <span className="sr-only">Loading data...</span>
        <SkeletonLine width="w-56" />
      </p>
    );
  }
  if (isError) return <p className="h-7 text-danger">{errorText}</p>;
  const net = data.totalOwedToUser - data.totalOwedByUser;
  if (isZero(net)) return <p className="h-7 text-lg font-semibold">You are all settled up!</p>;
  return net > 0 ? (
    <p className="h-7 text-lg font-semibold">
      Overall, you are owed <span className="text-owed">{formatMoney(net, data.currency)}</span>
    </p>
  ) : (
    <p className="h-7 text-lg font-semibold">
      Overall, you owe <span className="text-owe">{formatMoney(-net, data.currency)}</span>
    </p>
  );
}
