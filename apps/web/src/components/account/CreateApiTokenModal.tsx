import { useId, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiTokensApi } from '../../api/apiTokens';
import type { ApiToken, CreatedApiToken } from '../../api/types';
import { appErrorText } from '../../lib/appErrors';
import { todayIso } from '../../lib/dates';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

type Scope = ApiToken['scope'];
type Expiry = 'never' | '30' | '90' | '365' | 'date';

const NAME_MAX = 80;
/** Local times of a day (ISO), appended to a yyyy-mm-dd date. */
const END_OF_DAY = 'T23:59:59';
const NOON = 'T12:00:00';
const SCOPES: { value: Scope; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  {
    value: 'READ',
    label: msg`Read only`,
    hint: msg`Can look at everything you can, change nothing.`,
  },
  {
    value: 'READ_WRITE',
    label: msg`Read and write`,
    hint: msg`Can also add, edit and delete, as you can. Never your password, e-mail or tokens.`,
  },
];
const EXPIRIES: { value: Expiry; label: MessageDescriptor }[] = [
  { value: 'never', label: msg`Never` },
  { value: '30', label: msg`30 days` },
  { value: '90', label: msg`90 days` },
  { value: '365', label: msg`1 year` },
  { value: 'date', label: msg`On a date` },
];

/** The expiry as the API takes it: an ISO timestamp, or null for never; undefined when unset. */
function expiryOf(choice: Expiry, date: string): string | null | undefined {
  if (choice === 'never') return null;
  if (choice === 'date') {
    // The end of the chosen day where the person is.
    return date === '' ? undefined : new Date(`${date}${END_OF_DAY}`).toISOString();
  }
  return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

function tomorrowIso(): string {
  const d = new Date(`${todayIso()}${NOON}`);
  d.setDate(d.getDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A radio drawn as a bordered option; the native input stays focusable and announced. */
function Choice({
  name,
  checked,
  onChange,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  hint?: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span>
        <span className="block font-medium">{label}</span>
        {hint ? <span className="block text-sm text-muted">{hint}</span> : null}
      </span>
    </label>
  );
}

/** The secret of a new token, shown once, with a Copy button. */
function NewToken({ made, onClose }: { made: CreatedApiToken; onClose: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const name = made.name;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t`Token copied.`);
    } catch {
      toast.error(t`Could not copy: select the token and copy it yourself.`);
    }
  };
  return (
    <Modal title={t`Your new API token`} onClose={onClose} size="sm">
      <div className="flex flex-col gap-4">
        {made.token === null ? (
          <Alert>
            <Trans>
              The token “<span translate="no">{name}</span>” was made, but its secret could not be
              shown. Revoke it and make another.
            </Trans>
          </Alert>
        ) : (
          <>
            <Alert kind="info">
              <Trans>
                Copy it now and keep it somewhere safe: you will not see it again. Anyone who has it
                can use your account as the token allows.
              </Trans>
            </Alert>
            <div>
              <label htmlFor="new-api-token" className="label">
                <Trans>
                  Token “<span translate="no">{name}</span>”
                </Trans>
              </label>
              <input
                id="new-api-token"
                className="field font-mono text-sm"
                translate="no"
                readOnly
                value={made.token}
                onFocus={(e) => e.target.select()}
                data-testid="new-api-token"
              />
            </div>
            <button
              type="button"
              className="btn-primary self-start"
              onClick={() => void copy(made.token ?? '')}
            >
              <Trans>Copy token</Trans>
            </button>
          </>
        )}
        <div className="flex justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Done</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Make a personal API token: name, scope, expiry; then its secret, once. */
export function CreateApiTokenModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: () => void;
}) {
  const { i18n, t } = useLingui();
  const groupId = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('READ');
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [date, setDate] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [dateError, setDateError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<CreatedApiToken | null>(null);

  if (made !== null) return <NewToken made={made} onClose={onClose} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const badName = trimmed === '' || [...trimmed].length > NAME_MAX;
    const expiresAt = expiryOf(expiry, date);
    setNameError(badName ? t`Give the token a name of 1 to ${NAME_MAX} characters.` : undefined);
    setDateError(expiresAt === undefined ? t`Choose the day the token stops working.` : undefined);
    if (badName || expiresAt === undefined) return;
    setBusy(true);
    setError(null);
    try {
      setMade(await apiTokensApi.create({ name: trimmed, scope, expiresAt }));
      onCreated();
    } catch (err) {
      setError(appErrorText(i18n, err, msg`Could not create the API token`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t`New API token`} onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <FormField
          label={t`Name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={NAME_MAX}
          placeholder={t`e.g. Monthly export script`}
          error={nameError}
          hint={t`What the token is for, so you recognise it later.`}
          data-autofocus
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="label">
            <Trans>Access</Trans>
          </legend>
          {SCOPES.map((s) => (
            <Choice
              key={s.value}
              name={`${groupId}-scope`}
              checked={scope === s.value}
              onChange={() => setScope(s.value)}
              label={i18n._(s.label)}
              hint={i18n._(s.hint)}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="label">
            <Trans>Expires</Trans>
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {EXPIRIES.map((x) => (
              <Choice
                key={x.value}
                name={`${groupId}-expiry`}
                checked={expiry === x.value}
                onChange={() => setExpiry(x.value)}
                label={i18n._(x.label)}
              />
            ))}
          </div>
          {expiry === 'date' ? (
            <FormField
              label={t`Expiry date`}
              type="date"
              min={tomorrowIso()}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={dateError}
            />
          ) : null}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t`Creating…` : t`Create token`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
