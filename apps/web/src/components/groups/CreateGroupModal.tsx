import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { groupsApi } from '../../api/groups';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { useSubmitFailure } from '../../hooks/useSubmitFailure';
import { useDefaultCurrency } from '../../hooks/useDefaultCurrency';
import { rememberCurrency } from '../../lib/currencies';
import { validateGroupName } from '../../lib/validation';
import { GroupCurrencyFields } from './GroupCurrencyFields';
import { FormField } from '../FormField';
import { SubmitError } from '../forms/SubmitError';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

export function CreateGroupModal({ onClose }: { onClose: () => void }) {
  const { i18n, t } = useLingui();
  const [name, setName] = useState('');
  // Null until the user picks one: the default follows the home currency once it has loaded.
  const [picked, setPicked] = useState<string | null>(null);
  const defaultCurrency = useDefaultCurrency();
  const currency = picked ?? defaultCurrency;
  const [separate, setSeparate] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const fields = useFieldErrors({ name: 'group-name' }, { name: nameError });
  const failure = useSubmitFailure();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const navigate = useNavigate();
  // A retry after a lost answer replays the first create instead of making a second group.
  const keys = useSubmissionKeys();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateGroupName(name);
    const problem = found === null ? undefined : i18n._(found);
    setNameError(problem);
    if (fields.focusFirst({ name: problem })) return;
    failure.clear();
    setBusy(true);
    try {
      rememberCurrency(currency);
      const settings = {
        defaultCurrency: currency,
        currencyMode: separate ? ('SEPARATE' as const) : ('CONVERT' as const),
      };
      const group = await groupsApi.create(
        name.trim(),
        settings,
        keys.keyFor({ name: name.trim(), ...settings }),
      );
      keys.succeeded();
      toast.success(t`Group created!`);
      await invalidate();
      onClose();
      await navigate(`/app/group/${group.id}`);
    } catch (e) {
      failure.fail(e);
      setBusy(false);
    }
  };

  return (
    <Modal title={t`Create a group`} onClose={onClose} size="sm">
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        noValidate
        className="flex flex-col gap-4"
      >
        <FormField
          id="group-name"
          label={t`Group name`}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(undefined);
          }}
          placeholder={t`e.g. Lisbon trip`}
          maxLength={100}
          error={nameError}
          data-autofocus
        />
        <GroupCurrencyFields
          idPrefix="group"
          currency={currency}
          separate={separate}
          onCurrencyChange={setPicked}
          onSeparateChange={setSeparate}
        />
        <SubmitError
          failure={failure.failure}
          retrying={busy}
          onRetry={() => formRef.current?.requestSubmit()}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t`Creating...` : t`Create Group`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
