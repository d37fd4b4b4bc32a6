import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import type { Group } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { rememberCurrency } from '../../lib/currencies';
import { Alert } from '../Alert';
import { GroupCurrencyFields } from './GroupCurrencyFields';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

/** Shown (and enforced by the server) once a group has history: nothing is converted silently. */
const CURRENCY_LOCKED_TEXT = msg`The currency can only be changed while the group has no expenses or payments.`;

/**
 * A group's currency and whether other currencies are converted into it or kept apart. Both
 * can change only while the group has no expenses or payments (the server refuses otherwise).
 */
export function GroupCurrencyModal({
  group,
  hasHistory,
  onClose,
}: {
  group: Group;
  hasHistory: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [currency, setCurrency] = useState(group.defaultCurrency);
  const [separate, setSeparate] = useState(group.currencyMode === 'SEPARATE');
  const [error, setError] = useState<string | null>(hasHistory ? t(CURRENCY_LOCKED_TEXT) : null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      rememberCurrency(currency);
      await groupsApi.update(group.id, {
        defaultCurrency: currency,
        currencyMode: separate ? 'SEPARATE' : 'CONVERT',
      });
      toast.success(t`Group currency saved`);
      await invalidate();
      onClose();
    } catch (e) {
      setError(errorMessage(e, t`Failed to update group`));
      setBusy(false);
    }
  };

  return (
    <Modal title={t`Group currency`} onClose={onClose} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert kind={hasHistory ? 'info' : 'error'}>{error}</Alert> : null}
        <GroupCurrencyFields
          idPrefix="group-settings"
          currency={currency}
          separate={separate}
          onCurrencyChange={setCurrency}
          onSeparateChange={setSeparate}
          disabled={hasHistory}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {hasHistory ? t`Done` : t`Cancel`}
          </button>
          {hasHistory ? null : (
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? t`Saving...` : t`Save`}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
