import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} data-autofocus>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className={danger ? 'btn-danger' : 'btn-primary'}
            onClick={() => void confirm()}
            disabled={busy}
          >
            {busy ? t`Working...` : confirmLabel}
          </button>
        </>
      }
    >
      <p className="text-muted">{message}</p>
    </Modal>
  );
}

/** A dangerous action a page asks about before it runs: its question and the action. */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  action: () => Promise<void>;
}

/** A ConfirmRequest asked in the danger-styled alert dialog. */
export function DangerConfirm({
  request,
  onClose,
}: {
  request: ConfirmRequest;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={request.title}
      message={request.message}
      confirmLabel={request.confirmLabel}
      danger
      onConfirm={request.action}
      onClose={onClose}
    />
  );
}
