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

function balanceText({ net, currency }: ClaimableGuest['balance']): string {
  if (isZero(net, currency)) return 'settled up';
  return net > 0
    ? `you are owed ${formatMoney(net, currency)}`
    : `you owe ${formatMoney(-net, currency)}`;
}

/** "Someone added you to a group as a guest": take it over ("That's me") or hide it ("Not me"). */
export function ClaimBanner() {
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
      toast.success(`You joined ${item.group.name} as ${item.guest.name}`);
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to claim the guest'));
    } finally {
      setConfirming(null);
      await invalidate();
    }
  };

  return (
    <section aria-label="People added with your address" className="mb-4 flex flex-col gap-3">
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
              {item.addedBy ? item.addedBy.name : 'Someone'} added you to{' '}
              <span className="font-semibold">{item.group.name}</span> as “{item.guest.name}”. Your
              balance there: <span className="font-semibold">{balanceText(item.balance)}</span>.
            </p>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => hide(item.guest.id)}>
              Not me
            </button>
            <button type="button" className="btn-primary" onClick={() => setConfirming(item)}>
              That&apos;s me
            </button>
          </div>
        </article>
      ))}
      {confirming ? (
        <ConfirmDialog
          title="Join as this person"
          message={`You join ${confirming.group.name} and everything “${confirming.guest.name}” paid, owes and is owed there becomes yours.`}
          confirmLabel="Join"
          onConfirm={() => claim(confirming)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
