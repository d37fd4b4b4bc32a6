import { useId, useState, type FormEvent } from 'react';
import { apiTokensApi } from '../../api/apiTokens';
import { errorMessage } from '../../api/client';
import type { ApiToken, CreatedApiToken } from '../../api/types';
import { todayIso } from '../../lib/dates';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

type Scope = ApiToken['scope'];
type Expiry = 'never' | '30' | '90' | '365' | 'date';

const NAME_MAX = 80;
const SCOPES: { value: Scope; label: string; hint: string }[] = [
  { value: 'READ', label: 'Read only', hint: 'Can look at everything you can, change nothing.' },
  {
    value: 'READ_WRITE',
    label: 'Read and write',
    hint: 'Can also add, edit and delete, as you can. Never your password, e-mail or tokens.',
  },
];
const EXPIRIES: { value: Expiry; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'date', label: 'On a date' },
];

/** The expiry as the API takes it: an ISO timestamp, or null for never; undefined when unset. */
function expiryOf(choice: Expiry, date: string): string | null | undefined {
  if (choice === 'never') return null;
  if (choice === 'date') {
    // The end of the chosen day where the person is.
    return date === '' ? undefined : new Date(`${date}T23:59:59`).toISOString();
  }
  return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

function tomorrowIso(): string {
  const d = new Date(`${todayIso()}T12:00:00`);
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
  const toast = useToast();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Token copied.');
    } catch {
      toast.error('Could not copy: select the token and copy it yourself.');
    }
  };
  return (
    <Modal title="Your new API token" onClose={onClose} size="sm">
      <div className="flex flex-col gap-4">
        {made.token === null ? (
          <Alert>
            The token “{made.name}” was made, but its secret could not be shown. Revoke it and make
            another.
          </Alert>
        ) : (
          <>
            <Alert kind="info">
              Copy it now and keep it somewhere safe: you will not see it again. Anyone who has it
              can use your account as the token allows.
            </Alert>
            <div>
              <label htmlFor="new-api-token" className="label">
                Token “{made.name}”
              </label>
              <input
                id="new-api-token"
                className="field font-mono text-sm"
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
              Copy token
            </button>
          </>
        )}
        <div className="flex justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Done
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
    setNameError(
      badName ? `Give the token a name of 1 to ${String(NAME_MAX)} characters.` : undefined,
    );
    setDateError(expiresAt === undefined ? 'Choose the day the token stops working.' : undefined);
    if (badName || expiresAt === undefined) return;
    setBusy(true);
    setError(null);
    try {
      setMade(await apiTokensApi.create({ name: trimmed, scope, expiresAt }));
      onCreated();
    } catch (err) {
      setError(errorMessage(err, 'Could not create the API token'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="New API token" onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <FormField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={NAME_MAX}
          placeholder="e.g. Monthly export script"
          error={nameError}
          hint="What the token is for, so you recognise it later."
          data-autofocus
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="label">Access</legend>
          {SCOPES.map((s) => (
            <Choice
              key={s.value}
              name={`${groupId}-scope`}
              checked={scope === s.value}
              onChange={() => setScope(s.value)}
              label={s.label}
              hint={s.hint}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="label">Expires</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {EXPIRIES.map((x) => (
              <Choice
                key={x.value}
                name={`${groupId}-expiry`}
                checked={expiry === x.value}
                onChange={() => setExpiry(x.value)}
                label={x.label}
              />
            ))}
          </div>
          {expiry === 'date' ? (
            <FormField
              label="Expiry date"
              type="date"
              min={tomorrowIso()}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={dateError}
            />
          ) : null}
        </fieldset>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create token'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
