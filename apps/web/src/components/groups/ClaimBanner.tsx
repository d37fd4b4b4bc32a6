import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { invitesApi } from '../../api/invites';
import { queryKeys } from '../../api/queryKeys';
import type { ClaimableGuest } from '../../api/types';
import { useCurrentUser } from '../../auth/authContext';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { formatMoney, isZero } from '../../lib/money';
import { ConfirmDialog } from '../ConfirmDialog';
import { useToast } from '../toast/toastContext';
import { GroupCoverBadge } from './GroupCoverBadge';

const HIDDEN_KEY = 'hiddenClaimableGuests';

function readHidden(userId: number): number[] {
  try {
    const raw = localStorage.getItem(`${HIDDEN_KEY}:${userId}`);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

function writeHidden(userId: number, ids: number[]): void {
  try {
    localStorage.setItem(`${HIDDEN_KEY}:${userId}`, JSON.stringify(ids));
  } catch {
    /* storage unavailable: hidden for this visit only */
  }
}

function balanceText(i18n: I18n, { net, currency }: ClaimableGuest['balance']): string {
  if (isZero(net, currency)) return i18n._(msg`settled up`);
  const amount = formatMoney(Math.abs(net), currency);
  return net > 0 ? i18n._(msg`you are owed ${amount}`) : i18n._(msg`you owe ${amount}`);
}

/** "Someone added you to a group as a guest": take it over ("That's me") or hide it ("Not me"). */
export function ClaimBanner() {
  const { t, i18n } = useLingui();
  const me = useCurrentUser();
  const claimable = useQuery({
    queryKey: queryKeys.claimableGuests,
    queryFn: invitesApi.claimable,
  });
  const [hidden, setHidden] = useState<number[]>(() => readHidden(me.id));
  const [confirming, setConfirming] = useState<ClaimableGuest | null>(null);
  const toast = useToast();
  const invalidate = useInvalidateAll();

  const visible = (claimable.data ?? []).filter((c) => !hidden.includes(c.guest.id));
  if (visible.length === 0) return null;

  const hide = (id: number) => {
    const next = [...hidden, id];
    setHidden(next);
    writeHidden(me.id, next);
  };

  const claim = async (item: ClaimableGuest) => {
    try {
      await invitesApi.claim(item.guest.id);
      toast.success(t`You joined ${{ group: item.group.name }} as ${{ guest: item.guest.name }}`);
    } catch (e) {
      toast.error(errorMessage(e, t`Failed to claim the guest`));
    } finally {
      setConfirming(null);
      await invalidate();
    }
  };

  return (
    <section aria-label={t`People added with your address`} className="mb-4 flex flex-col gap-3">
      {visible.map((item) => (
        <article
          key={item.guest.id}
          className="card flex flex-col gap-3 border-primary/40 p-4"
          aria-label={`${item.group.name}: ${item.guest.name}`}
        >
          <div className="flex items-start gap-3">
            <GroupCoverBadge
              name={item.group.name}
              emoji={item.group.coverEmoji}
              color={item.group.coverColor}
            />
            <p className="text-sm">
              <ClaimText item={item} balance={balanceText(i18n, item.balance)} />
            </p>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => hide(item.guest.id)}>
              <Trans>Not me</Trans>
            </button>
            <button type="button" className="btn-primary" onClick={() => setConfirming(item)}>
              <Trans>That&apos;s me</Trans>
            </button>
          </div>
        </article>
      ))}
      {confirming ? (
        <ConfirmDialog
          title={t`Join as this person`}
          message={t`You join ${{ group: confirming.group.name }} and everything “${{ guest: confirming.guest.name }}” paid, owes and is owed there becomes yours.`}
          confirmLabel={t`Join`}
          onConfirm={() => claim(confirming)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}

/** "Ana added you to Trip as “Ben”. Your balance there: you owe €5." */
function ClaimText({ item, balance }: { item: ClaimableGuest; balance: string }) {
  const group = item.group.name;
  const guest = item.guest.name;
  if (item.addedBy) {
    const adder = item.addedBy.name;
    return (
      <Trans>
        {adder} added you to <span className="font-semibold">{group}</span> as “{guest}”. Your
        balance there: <span className="font-semibold">{balance}</span>.
      </Trans>
    );
  }
  return (
    <Trans>
      Someone added you to <span className="font-semibold">{group}</span> as “{guest}”. Your balance
      there: <span className="font-semibold">{balance}</span>.
    </Trans>
  );
}
