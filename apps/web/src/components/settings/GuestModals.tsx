import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { validateGuestCreate } from '@evenly/core';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import type { Group, Member } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { firstProblem } from '../../lib/validation';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { Modal } from '../Modal';
import { useToast } from '../toast/toastContext';

/** Add a person without an account (name, optional address) or edit a guest's name/address. */
export function GuestFormModal({
  group,
  guest,
  onClose,
}: {
  group: Group;
  /** The guest to edit; null adds a new one. */
  guest: Member | null;
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const [name, setName] = useState(guest?.name ?? '');
  const [email, setEmail] = useState(guest?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = firstProblem(validateGuestCreate({ name, email }));
    if (problem) {
      setError(i18n._(problem));
      return;
    }
    setError(null);
    setBusy(true);
    const body = { name: name.trim(), email: email.trim() === '' ? null : email.trim() };
    try {
      if (guest) {
        await groupsApi.updateGuest(group.id, guest.id, body);
        toast.success(t`Guest updated`);
      } else {
        const updated = await groupsApi.addGuest(group.id, body, keys.keyFor(body));
        keys.succeeded();
        const added = updated.members.find((m) => m.name === body.name);
        const addedName = added && !added.guest ? added.name : body.name;
        toast.success(t`${addedName} added`);
      }
      await invalidate();
      onClose();
    } catch (e) {
      setError(errorMessage(e, t`Failed to save`));
      setBusy(false);
    }
  };

  return (
    <Modal title={guest ? t`Edit guest` : t`Add someone without an account`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        {guest ? null : (
          <p className="text-sm text-muted">
            <Trans>
              They take part in expenses and payments like everyone else. They can join later with
              the group&apos;s invite link, or by signing up with this e-mail address, and take over
              their share.
            </Trans>
          </p>
        )}
        <FormField
          label={t`Name`}
          autoComplete="off"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <FormField
          label={t`E-mail (optional)`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint={t`With an address they can claim their share when they sign up.`}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t`Saving...` : guest ? t`Save` : t`Add person`}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Merge a guest into an account member of the group, after explaining what happens. */
export function MergeGuestModal({
  group,
  guest,
  onClose,
}: {
  group: Group;
  guest: Member;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const targets = group.members.filter((m) => !m.guest);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const guestName = guest.name;
  const chosen = targets.find((m) => String(m.id) === target) ?? null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError(t`Please choose the member to merge into.`);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await groupsApi.mergeGuest(group.id, guest.id, chosen.id);
      toast.success(t`${guestName} merged into ${{ member: chosen.name }}`);
      await invalidate();
      onClose();
    } catch (e) {
      setError(errorMessage(e, t`Failed to merge the guest`));
      setBusy(false);
    }
  };

  return (
    <Modal title={t`Merge ${guestName}`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <p className="text-sm text-muted">
          <Trans>
            Everything {guestName} paid, owes and is owed in this group moves to the member you
            choose, and {guestName} disappears from the group. Their balances are added together;
            payments between the two are removed. This cannot be undone.
          </Trans>
        </p>
        <div>
          <label htmlFor="merge-target" className="label">
            <Trans>Merge into</Trans>
          </label>
          <select
            id="merge-target"
            className="field"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            <option value="">{t`Choose a member`}</option>
            {targets.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-danger" disabled={busy}>
            {busy ? t`Merging...` : chosen ? t`Merge into ${{ member: chosen.name }}` : t`Merge`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
