import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { User } from '../../api/types';
import { type ItemRow, newItemRow, splitRows } from '../../lib/itemSplit';
import { amountForInput, formatMoney, fromCents } from '../../lib/money';
import { Alert } from '../Alert';
import { TrashIcon } from '../icons';
import { Modal } from '../Modal';

interface ItemSplitDialogProps {
  /** The expense amount as typed, and its currency. */
  totalText: string;
  currency: string;
  participants: User[];
  /** The subtotal a scanned receipt prints (before tax and service, major units), or null. */
  subtotal: number | null;
  rows: ItemRow[];
  onRowsChange: (rows: ItemRow[]) => void;
  /** The split is applied: EXACT values by user id. */
  onApply: (split: { values: Record<number, string>; included: number[] }) => void;
  onClose: () => void;
}

/**
 * Split by item: each item goes to one or more people (shared items divided equally); tax,
 * service and rounding — whatever the items do not add up to — are spread in proportion. The
 * result becomes an EXACT split that sums to the total to the cent.
 */
export function ItemSplitDialog({
  totalText,
  currency,
  participants,
  subtotal,
  rows,
  onRowsChange,
  onApply,
  onClose,
}: ItemSplitDialogProps) {
  const { i18n, t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const outcome = splitRows(totalText, currency, rows, subtotal);
  // Any edit clears the refusal; the live summary below says what is still missing.
  const change = (next: ItemRow[]) => {
    setError(null);
    onRowsChange(next);
  };
  const update = (key: number, patch: Partial<ItemRow>) =>
    change(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const toggle = (row: ItemRow, id: number) =>
    update(row.key, {
      people: row.people.includes(id) ? row.people.filter((p) => p !== id) : [...row.people, id],
    });
  const money = (minor: number) => formatMoney(fromCents(minor, currency), currency);
  const extraText = outcome.ok ? money(outcome.extra) : '';
  const baseMoney = outcome.ok ? money(outcome.base) : '';

  // The scan missed lines (issue #31 point 2): offer a row for what the items leave out, so it
  // is shared by who had it instead of being spread as if it were tax.
  const addMissing = (minor: number) =>
    change([...rows, newItemRow('', amountForInput(fromCents(minor, currency), currency))]);

  const apply = () => {
    if (!outcome.ok) {
      setError(i18n._(outcome.message));
      return;
    }
    onApply({ values: outcome.values, included: outcome.included });
  };

  return (
    <Modal
      title={t`Split by item`}
      onClose={onClose}
      size="lg"
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn-primary" onClick={apply}>
            <Trans>Use this split</Trans>
          </button>
        </div>
      }
    >
      <p className="mb-3 text-sm text-muted">
        <Trans>
          Tap who had each item. Shared items are divided equally; tax, service and rounding are
          spread in proportion.
        </Trans>
      </p>
      {error ? (
        <div className="mb-3">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="card p-4 text-sm text-muted">
          <Trans>No items yet. Add the items of the receipt.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t`Items`}>
          {rows.map((row, i) => {
            const number = i + 1;
            const label = row.name.trim() || t`Item ${number}`;
            return (
              <li key={row.key} className="py-3">
                <div className="flex items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <label className="label" htmlFor={`item-name-${row.key}`}>
                      <Trans>Item {number}</Trans>
                    </label>
                    <input
                      id={`item-name-${row.key}`}
                      className="field"
                      value={row.name}
                      autoComplete="off"
                      onChange={(e) => update(row.key, { name: e.target.value })}
                    />
                  </div>
                  <div className="w-28">
                    <label className="label" htmlFor={`item-price-${row.key}`}>
                      <Trans>
                        Price (<span translate="no">{currency}</span>)
                      </Trans>
                    </label>
                    <input
                      id={`item-price-${row.key}`}
                      className="field"
                      inputMode="decimal"
                      dir="ltr"
                      autoComplete="off"
                      value={row.price}
                      onChange={(e) => update(row.key, { price: e.target.value })}
                    />
                  </div>
                  <button
                    type="button"
                    className="btn-ghost px-2 text-muted hover:text-danger"
                    aria-label={t`Remove ${label}`}
                    onClick={() => change(rows.filter((r) => r.key !== row.key))}
                  >
                    <TrashIcon className="size-5" />
                  </button>
                </div>
                <div
                  className="mt-2 flex flex-wrap gap-2"
                  role="group"
                  aria-label={t`Who had ${label}`}
                >
                  {participants.map((p) => {
                    const on = row.people.includes(p.id);
                    return (
                      <button
                        key={p.id}
                        type="button"
                        aria-pressed={on}
                        className={`min-h-9 rounded-full border px-3 text-sm ${
                          on
                            ? 'border-primary bg-primary text-on-primary'
                            : 'border-border bg-surface text-fg hover:bg-surface-2'
                        }`}
                        onClick={() => toggle(row, p.id)}
                      >
                        {p.name}
                      </button>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="btn-secondary mt-3 w-full"
        onClick={() => change([...rows, newItemRow()])}
      >
        <Trans>+ Add item</Trans>
      </button>
      <div className="mt-4 text-sm" aria-live="polite">
        {outcome.ok ? (
          <>
            {outcome.shortfall === null ? (
              <p className="text-muted">
                {t`Tax, service and rounding: ${extraText} (spread in proportion)`}
              </p>
            ) : (
              <MissingLines
                itemsText={money(outcome.itemsSum)}
                baseText={
                  outcome.baseIsSubtotal
                    ? t`${baseMoney} subtotal before tax and service`
                    : t`${baseMoney} total`
                }
                percent={Math.floor((outcome.itemsSum * 100) / outcome.base)}
                missingText={money(outcome.shortfall)}
                spreadText={money(outcome.extra)}
                onAdd={() => addMissing(outcome.shortfall ?? 0)}
              />
            )}
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label={t`Shares`}>
              {outcome.included.map((id) => {
                const name = participants.find((p) => p.id === id)?.name ?? t`Unknown`;
                const share = money(outcome.shares.get(id) ?? 0);
                return (
                  <li key={id}>
                    <Trans>
                      {name}: <span className="font-semibold">{share}</span>
                    </Trans>
                  </li>
                );
              })}
            </ul>
          </>
        ) : error === null ? (
          <p className="text-muted">{i18n._(outcome.message)}</p>
        ) : null}
      </div>
    </Modal>
  );
}

/**
 * The items cover less than 90% of the bill: said plainly, with a row to add for the rest
 * before the split is used (it would otherwise be spread as if it were tax and service).
 */
function MissingLines({
  itemsText,
  baseText,
  percent,
  missingText,
  spreadText,
  onAdd,
}: {
  itemsText: string;
  /** "MYR 53.90 total" or "MYR 49.00 subtotal before tax and service". */
  baseText: string;
  percent: number;
  missingText: string;
  /** What would be spread in proportion: everything the items do not add up to. */
  spreadText: string;
  onAdd: () => void;
}) {
  return (
    <Alert kind="info">
      <p className="font-semibold">
        <Trans>Some lines of the receipt seem to be missing.</Trans>
      </p>
      <p className="mt-1">
        <Trans>
          The items add up to {itemsText}, only {percent}% of the {baseText}. Add the missing lines
          and who had them; otherwise {spreadText} is spread in proportion as if it were tax and
          service.
        </Trans>
      </p>
      <button type="button" className="btn-secondary mt-2" onClick={onAdd}>
        <Trans>Add a line for the missing {missingText}</Trans>
      </button>
    </Alert>
  );
}
