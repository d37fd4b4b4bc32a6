import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatIban, hasNoPayMethods } from '@evenly/core';
import { payMethodsApi } from '../../api/payMethods';
import { queryKeys } from '../../api/queryKeys';
import type { PayMethods } from '../../api/types';
import { SkeletonLine } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { PayMethodsModal } from './PayMethodsModal';

/** Each method the person offers, as "PayPal.me" + "beacosta", in the form's order. */
function summary(
  m: PayMethods,
  bankLabel: string,
): { label: string; value: string; brand: boolean }[] {
  const rows: { label: string; value: string; brand: boolean }[] = [];
  if (m.bank !== null) {
    rows.push({
      label: bankLabel,
      value: `${formatIban(m.bank.iban)} · ${m.bank.holder}`,
      brand: false,
    });
  }
  /* eslint-disable lingui/no-unlocalized-strings -- the services' names */
  const handles: [string, string | null][] = [
    ['PayPal.me', m.paypal],
    ['Venmo', m.venmo],
    ['Revolut', m.revolut],
    ['Monzo.me', m.monzo],
    ['UPI', m.upi],
    ['Swish', m.swish],
  ];
  /* eslint-enable lingui/no-unlocalized-strings */
  for (const [label, value] of handles)
    if (value !== null) rows.push({ label, value, brand: true });
  return rows;
}

/**
 * Account: "How to pay me" (issue #33). The ways the user can be paid outside Evenly, which the
 * people they settle with get as pay buttons; edited in PayMethodsModal.
 */
export function PayMethodsSection() {
  const { t } = useLingui();
  const mine = useQuery({ queryKey: queryKeys.myPayMethods, queryFn: payMethodsApi.mine });
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState(false);

  const save = async (body: unknown) => {
    const saved = await payMethodsApi.save(body);
    client.setQueryData(queryKeys.myPayMethods, saved);
    toast.success(t`Saved how people can pay you`);
  };

  const rows = mine.data === undefined ? [] : summary(mine.data, t`Bank transfer`);
  return (
    <section className="card mb-4 p-4" aria-labelledby="pay-methods-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="pay-methods-title" className="font-semibold">
          <Trans>How to pay me</Trans>
        </h2>
        {mine.data !== undefined ? (
          <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
            {hasNoPayMethods(mine.data) ? (
              <Trans>
                Add<span className="sr-only"> how to pay me</span>
              </Trans>
            ) : (
              <Trans>
                Edit<span className="sr-only"> how to pay me</span>
              </Trans>
            )}
          </button>
        ) : null}
      </div>
      {mine.isPending ? (
        <SkeletonLine width="w-40" />
      ) : mine.isError ? (
        <p className="text-sm text-danger">{mine.error.message}</p>
      ) : rows.length === 0 ? (
        <p className="mt-1 text-sm text-muted">
          <Trans>
            Add your IBAN, PayPal.me or another way to be paid: friends who owe you get a button
            that pays you the right amount.
          </Trans>
        </p>
      ) : (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="text-muted" translate={r.brand ? 'no' : undefined}>
                {r.label}
              </dt>
              <dd className="break-all" translate="no">
                {r.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {editing && mine.data !== undefined ? (
        <PayMethodsModal current={mine.data} onSave={save} onClose={() => setEditing(false)} />
      ) : null}
    </section>
  );
}
