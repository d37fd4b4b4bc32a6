import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { formatIban, formatIssuePath, validatePayMethods } from '@evenly/core';
import { ApiError, errorMessage } from '../../api/client';
import type { PayMethods } from '../../api/types';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { Modal } from '../Modal';

/** The form's fields, named as the API's error details name them. */
type Field =
  | 'bank.iban'
  | 'bank.holder'
  | 'bank.bic'
  | 'paypal'
  | 'venmo'
  | 'revolut'
  | 'monzo'
  | 'upi'
  | 'swish';

const HANDLES: readonly {
  field: Field & keyof PayMethods;
  label: MessageDescriptor;
  hint: MessageDescriptor;
}[] = [
  { field: 'paypal', label: msg`PayPal.me name`, hint: msg`paypal.me/yourname` },
  { field: 'venmo', label: msg`Venmo username`, hint: msg`Offered for US dollars.` },
  { field: 'revolut', label: msg`Revolut tag`, hint: msg`revolut.me/yourtag` },
  { field: 'monzo', label: msg`Monzo.me name`, hint: msg`monzo.me/yourname, offered for pounds.` },
  { field: 'upi', label: msg`UPI address`, hint: msg`name@bank, offered for Indian rupees.` },
  { field: 'swish', label: msg`Swish number`, hint: msg`Offered for Swedish kronor.` },
];

const fieldId = (field: Field) => `pay-${field.replace('.', '-')}`;

type Values = Record<Field, string>;

function valuesOf(m: PayMethods): Values {
  return {
    'bank.iban': m.bank === null ? '' : formatIban(m.bank.iban),
    'bank.holder': m.bank?.holder ?? '',
    'bank.bic': m.bank?.bic ?? '',
    paypal: m.paypal ?? '',
    venmo: m.venmo ?? '',
    revolut: m.revolut ?? '',
    monzo: m.monzo ?? '',
    upi: m.upi ?? '',
    swish: m.swish ?? '',
  };
}

function bodyOf(v: Values) {
  return {
    bank: { iban: v['bank.iban'], holder: v['bank.holder'], bic: v['bank.bic'] },
    paypal: v.paypal,
    venmo: v.venmo,
    revolut: v.revolut,
    monzo: v.monzo,
    upi: v.upi,
    swish: v.swish,
  };
}

type Problems = Partial<Record<Field, string>>;

/** Issues (core's or the server's details) by field; the first message per field. */
function problemsOf(issues: readonly { field: string; message: string }[]): Problems {
  const out: Problems = {};
  for (const issue of issues) {
    const field = issue.field as Field;
    out[field] ??= issue.message;
  }
  return out;
}

/**
 * "How to pay me": every way to be paid, checked with the API's own rules (@evenly/core
 * validatePayMethods) before sending, so each problem shows under its field.
 */
export function PayMethodsModal({
  current,
  onSave,
  onClose,
}: {
  current: PayMethods;
  onSave: (body: unknown) => Promise<void>;
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const [values, setValues] = useState<Values>(() => valuesOf(current));
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const show = (found: Problems) => {
    setProblems(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const checked = validatePayMethods(body);
    if (!checked.ok) {
      show(
        problemsOf(
          checked.issues.map((i) => ({
            field: formatIssuePath(i.path),
            message: i18n._(i.message),
          })),
        ),
      );
      return;
    }
    setProblems({});
    setError(null);
    setSaving(true);
    try {
      await onSave(body);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.details.length > 0) show(problemsOf(e.details));
      setError(errorMessage(e, t`Could not save how people can pay you`));
      setSaving(false);
    }
  };

  const field = (name: Field, label: string, hint?: string, extra: object = {}) => (
    <FormField
      key={name}
      id={fieldId(name)}
      label={label}
      hint={hint}
      value={values[name]}
      error={problems[name]}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={300}
      onChange={(e) => {
        const text = e.target.value;
        setValues((v) => ({ ...v, [name]: text }));
      }}
      {...extra}
    />
  );

  return (
    <Modal title={t`How to pay me`} onClose={onClose} size="md">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <p className="text-sm text-muted">
          <Trans>
            People you share a group or a friendship with see these when they settle up with you.
            Leave a field empty to not offer it.
          </Trans>
        </p>
        <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-3">
          <legend className="px-1 font-semibold">
            <Trans>Bank transfer (euros, SEPA)</Trans>
          </legend>
          {field('bank.iban', t`IBAN`, t`Checked for typos before saving.`, {
            'data-autofocus': true,
          })}
          {field('bank.holder', t`Account holder`, undefined, { autoComplete: 'name' })}
          {field('bank.bic', t`BIC (optional)`)}
        </fieldset>
        {HANDLES.map((h) => field(h.field, i18n._(h.label), i18n._(h.hint)))}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? t`Saving...` : t`Save`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
