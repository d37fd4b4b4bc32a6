import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Modal } from '../Modal';

/**
 * Asked when the user comes back from a pay link (issue #33 point 2): "Did you pay Bea €45.00?"
 * One tap records the payment; "Not yet" closes it and records nothing.
 */
export function DidYouPayDialog({
  payee,
  money,
  onYes,
  onClose,
}: {
  payee: string;
  /** The amount as shown, "€45.00". */
  money: string;
  onYes: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const yes = async () => {
    setBusy(true);
    try {
      await onYes();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t`Did you pay ${payee} ${money}?`}
      onClose={onClose}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Not yet</Trans>
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => void yes()}
            disabled={busy}
            data-autofocus
          >
            {busy ? t`Saving...` : t`Yes, record it`}
          </button>
        </>
      }
    >
      <p className="text-muted">
        <Trans>
          Recording it settles {money} of what you owe {payee}.
        </Trans>
      </p>
    </Modal>
  );
}
