import { Trans } from '@lingui/react/macro';
import type { GroupDetail } from '../../api/types';
import { useGroupBalances, useSettleSuggestions } from '../../hooks/useGroups';
import { isZero } from '../../lib/money';
import { SkeletonList } from '../Skeleton';
import { GroupBalances } from './GroupBalances';
import { GroupSectionTitle } from './GroupSectionTitle';
import type { PaymentPreset } from './PaymentFormModal';
import { SettleSuggestions } from './SettleSuggestions';

/**
 * The group page's balances: each member's, the way to convert one (currencies kept separate),
 * and the suggested payments when the group simplifies debts (switched in Group settings).
 */
export function GroupBalancesSection({
  group,
  meId,
  onSettle,
  onExchange,
}: {
  /** The group as GET /groups/{id} answers it (everyoneSettled may be missing from a cached copy). */
  group: GroupDetail | (Omit<GroupDetail, 'everyoneSettled'> & { everyoneSettled?: boolean });
  meId: number;
  /** Record a payment, filled in from a balance or a suggestion. */
  onSettle: (preset: PaymentPreset) => void;
  onExchange: () => void;
}) {
  const balances = useGroupBalances(group.id);
  const suggestions = useSettleSuggestions(group.id, group.simplifyDebts);
  return (
    <section aria-labelledby="balances-title" className="mb-6">
      <GroupSectionTitle id="balances-title">
        <Trans>Group Balances</Trans>
      </GroupSectionTitle>
      {balances.isPending ? (
        <SkeletonList rows={2} height="h-12" />
      ) : balances.error ? (
        <p className="card p-4 text-sm text-danger">{balances.error.message}</p>
      ) : (
        <GroupBalances
          lines={balances.data}
          groupId={group.id}
          guestIds={group.members.filter((m) => m.guest === true).map((m) => m.id)}
          everyoneSettled={group.everyoneSettled}
          onSettle={(line) =>
            onSettle({
              otherUserId: line.otherUser.id,
              direction: line.netAmount > 0 ? 'THEY_PAID' : 'I_PAID',
              currency: line.currency,
            })
          }
        />
      )}
      {group.currencyMode === 'SEPARATE' &&
      balances.data?.some((l) => !isZero(l.netAmount, l.currency)) ? (
        <button type="button" className="btn-secondary mt-3 w-full" onClick={onExchange}>
          <Trans>Convert a balance into another currency</Trans>
        </button>
      ) : null}
      {group.simplifyDebts ? (
        <div className="mt-3">
          <h3 className="mb-2 text-sm font-semibold">
            <Trans>Suggested payments</Trans>
          </h3>
          {suggestions.isPending ? (
            <SkeletonList rows={1} height="h-12" />
          ) : suggestions.error ? (
            <p className="text-sm text-danger">{suggestions.error.message}</p>
          ) : (
            <SettleSuggestions
              suggestions={suggestions.data}
              meId={meId}
              onSettle={(s) =>
                onSettle(
                  s.from.id === meId
                    ? { otherUserId: s.to.id, direction: 'I_PAID', currency: s.currency }
                    : { otherUserId: s.from.id, direction: 'THEY_PAID', currency: s.currency },
                )
              }
            />
          )}
        </div>
      ) : null}
    </section>
  );
}
