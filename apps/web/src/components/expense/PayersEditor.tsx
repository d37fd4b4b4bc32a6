import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../api/types';
import type { PayerRow } from '../../lib/expenseForm';
import { sanitizeDecimalInput } from '../../lib/money';
import { Alert } from '../Alert';
import { FieldError } from '../forms/FieldError';
import { PlusIcon, TrashIcon } from '../icons';

interface PayersEditorProps {
  payers: PayerRow[];
  participants: User[];
  meId: number;
  total: string;
  onChange: (payers: PayerRow[]) => void;
  /** The payers' problem after a submit, shown under them; the controls name it. */
  error?: string | undefined;
  errorId?: string;
}

/** "Paid by" rows. With a single payer the amount follows the total. */
export function PayersEditor({
  payers,
  participants,
  meId,
  total,
  onChange,
  error,
  errorId = 'payers-error',
}: PayersEditorProps) {
  const { t } = useLingui();
  const single = payers.length === 1;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  const update = (index: number, patch: Partial<PayerRow>) => {
    onChange(payers.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  };
  const remove = (index: number) => {
    const next = payers.filter((_, i) => i !== index);
    // Back to one payer: that payer paid everything.
    onChange(next.length === 1 && next[0] ? [{ ...next[0], amount: total }] : next);
  };
  const add = () => {
    const used = new Set(payers.map((p) => p.userId));
    const nextPerson = used.has(meId)
      ? participants.find((p) => !used.has(p.id))
      : participants.find((p) => p.id === meId);
    const first = payers[0];
    if (payers.length === 0) {
      // The first payer paid everything.
      onChange([{ userId: nextPerson?.id ?? null, amount: total }]);
      return;
    }
    const base = single && first ? [{ ...first, amount: total }] : payers;
    onChange([...base, { userId: nextPerson?.id ?? null, amount: '0' }]);
  };

  return (
    <fieldset>
      <legend className="label">
        <Trans>Paid by</Trans>
      </legend>
      {payers.length === 0 ? (
        <Alert>
          <Trans>At least one payer is required.</Trans>
        </Alert>
      ) : null}
      <ul className="flex flex-col gap-2">
        {payers.map((payer, index) => {
          const number = index + 1;
          return (
            <li key={index} className="flex items-center gap-2">
              <label htmlFor={`payer-${index}`} className="sr-only">
                <Trans>Payer {number}</Trans>
              </label>
              <select
                id={`payer-${index}`}
                {...invalid}
                className="field min-w-0 flex-1"
                value={payer.userId ?? ''}
                onChange={(e) =>
                  update(index, { userId: e.target.value ? Number(e.target.value) : null })
                }
              >
                <option value="">{t`Select a person`}</option>
                {participants.map(({ id, name }) => (
                  <option key={id} value={id}>
                    {id === meId ? t`${name} (You)` : name}
                  </option>
                ))}
              </select>
              {single ? null : (
                <>
                  <label htmlFor={`payer-amount-${index}`} className="sr-only">
                    <Trans>Amount paid by payer {number}</Trans>
                  </label>
                  <input
                    id={`payer-amount-${index}`}
                    {...invalid}
                    className="field w-28 text-end"
                    inputMode="decimal"
                    value={payer.amount}
                    onChange={(e) =>
                      update(index, { amount: sanitizeDecimalInput(e.target.value) })
                    }
                  />
                </>
              )}
              <button
                type="button"
                className="btn-ghost px-2 text-muted hover:text-danger"
                onClick={() => remove(index)}
                aria-label={t`Remove payer ${number}`}
              >
                <TrashIcon className="size-5" />
              </button>
            </li>
          );
        })}
      </ul>
      {payers.length < participants.length ? (
        <button
          id="payer-add"
          type="button"
          className="btn-ghost mt-1 px-2 text-primary"
          onClick={add}
        >
          <PlusIcon className="size-4" />{' '}
          {payers.length === 0 ? t`Add a payer` : t`Add another payer`}
        </button>
      ) : null}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
