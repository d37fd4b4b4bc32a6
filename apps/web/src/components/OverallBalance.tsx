import { Trans, useLingui } from '@lingui/react/macro';
import type { OverallBalance } from '../api/types';
import { useOverallBalance } from '../hooks/useBalances';
import { formatMoney, isZero } from '../lib/money';
import { SkeletonLine } from './Skeleton';
import { formatList } from '../lib/numberFormats';

/** "+¥2,000" / "−$5.00": a net with its sign (positive: owed to you). */
function signedMoney(net: number, currency: string): string {
  return `${net < 0 ? '−' : '+'}${formatMoney(Math.abs(net), currency)}`;
}

/** The nets in currencies other than the summary's primary one, non-zero only. */
function otherNets(data: OverallBalance): { currency: string; net: number }[] {
  return (data.byCurrency ?? [])
    .filter((c) => c.currency !== data.currency)
    .map((c) => ({ currency: c.currency, net: c.totalOwedToUser - c.totalOwedByUser }))
    .filter((c) => !isZero(c.net, c.currency));
}

/** "Overall, you are owed …" line shared by the groups and friends pages. */
export function OverallBalanceText({ errorText }: { errorText?: string }) {
  const { t } = useLingui();
  const { data, isPending, isError } = useOverallBalance();
  if (isPending) {
    return (
      <p className="flex h-7 items-center text-muted">
        <span className="sr-only">
          <Trans>Loading data...</Trans>
        </span>
        <SkeletonLine width="w-56" />
      </p>
    );
  }
  if (isError)
    return <p className="h-7 text-danger">{errorText ?? t`Could not load balance summary.`}</p>;
  const net = data.totalOwedToUser - data.totalOwedByUser;
  const others = otherNets(data);
  if (isZero(net, data.currency) && others.length === 0) {
    return (
      <p className="h-7 text-lg font-semibold">
        <Trans>You are all settled up!</Trans>
      </p>
    );
  }
  const approx = data.approximate;
  // The approximate total says something only when more than its own currency is involved.
  const showApprox =
    approx !== undefined &&
    (others.length > 0 || approx.currency !== data.currency || approx.missingCurrencies.length > 0);
  const approxNet = approx ? approx.totalOwedToUser - approx.totalOwedByUser : 0;
  const owed = formatMoney(Math.abs(net), data.currency);
  const list = others.map((o) => signedMoney(o.net, o.currency)).join(' · ');
  const total = approx ? signedMoney(approxNet, approx.currency) : '';
  const missing = approx ? formatList(approx.missingCurrencies, 'items') : '';
  return (
    <div>
      {isZero(net, data.currency) ? null : net > 0 ? (
        <p className="h-7 text-lg font-semibold">
          <Trans>
            Overall, you are owed <span className="text-owed">{owed}</span>
          </Trans>
        </p>
      ) : (
        <p className="h-7 text-lg font-semibold">
          <Trans>
            Overall, you owe <span className="text-owe">{owed}</span>
          </Trans>
        </p>
      )}
      {others.length > 0 ? (
        <p className="text-sm text-muted">
          {isZero(net, data.currency) ? t`Overall: ${list}` : t`Also: ${list}`}
        </p>
      ) : null}
      {showApprox && approx ? (
        <p className="text-sm text-muted">
          {approx.missingCurrencies.length > 0
            ? t`≈ ${total} in all, approximately, at the latest rates (without ${missing}: no rate yet)`
            : t`≈ ${total} in all, approximately, at the latest rates`}
        </p>
      ) : null}
    </div>
  );
}
