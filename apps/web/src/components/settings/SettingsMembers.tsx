import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import type { Group, Member } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { Alert } from '../Alert';
import { Avatar } from '../Avatar';
import { ConfirmDialog } from '../ConfirmDialog';
import { AddMemberButton } from '../groups/AddMemberModal';
import { useToast } from '../toast/toastContext';
import { GuestFormModal, MergeGuestModal } from './GuestModals';

type Dialog =
  | { kind: 'addGuest' }
  | { kind: 'editGuest'; guest: Member }
  | { kind: 'merge'; guest: Member }
  | { kind: 'remove'; member: Member };

/**
 * Group settings' members: each with what can be done to them (edit or merge a guest, remove
 * someone as the creator), and adding friends or people without an account.
 */
export function SettingsMembers({ group, meId }: { group: Group; meId: number }) {
  const { t } = useLingui();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [memberError, setMemberError] = useState<string | null>(null);
  const close = () => setDialog(null);
  const isCreator = group.creator.id === meId;

  const remove = async (member: Member) => {
    setMemberError(null);
    try {
      await groupsApi.removeMember(group.id, member.id);
      toast.success(t`${{ name: member.name }} removed`);
    } catch (e) {
      setMemberError(errorMessage(e, t`Failed to remove the member`));
    } finally {
      close();
      await invalidate();
    }
  };

  return (
    <>
      {memberError ? (
        <div className="mb-3">
          <Alert>{memberError}</Alert>
        </div>
      ) : null}
      <ul className="mb-3 flex flex-col divide-y divide-border">
        {group.members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-3 py-2">
            <Avatar name={m.name} size="md" src={m.avatarUrl ?? null} />
            {/* At least 10rem for the name: longer actions (a longer language) go to a line of
                their own rather than squeeze it to a letter a line. */}
            <span className="min-w-0 grow basis-40">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                <span className="truncate">{m.name}</span>
                {m.id === meId ? (
                  <span className="text-sm text-muted">
                    <Trans>(You)</Trans>
                  </span>
                ) : null}
                {m.guest ? (
                  <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
                    <Trans>Guest</Trans>
                  </span>
                ) : null}
                {m.id === group.creator.id ? (
                  <span className="text-xs text-muted">
                    <Trans>Creator</Trans>
                  </span>
                ) : null}
              </span>
              {m.guest && m.email ? (
                <span className="block truncate text-xs text-muted" translate="no">
                  {m.email}
                </span>
              ) : m.guest ? (
                <span className="block text-xs text-muted">{t`No e-mail address`}</span>
              ) : null}
            </span>
            <span className="flex flex-wrap gap-1">
              {m.guest ? (
                <>
                  <button
                    type="button"
                    className="btn-ghost min-h-9 px-2 text-sm text-primary"
                    aria-label={t`Edit ${{ name: m.name }}`}
                    onClick={() => setDialog({ kind: 'editGuest', guest: m })}
                  >
                    <Trans>Edit</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn-ghost min-h-9 px-2 text-sm text-primary"
                    onClick={() => setDialog({ kind: 'merge', guest: m })}
                  >
                    <Trans>
                      Merge <span className="sr-only">{ph({ name: m.name })} </span>into…
                    </Trans>
                  </button>
                </>
              ) : null}
              {isCreator && m.id !== meId ? (
                <button
                  type="button"
                  className="btn-ghost min-h-9 px-2 text-sm text-danger"
                  aria-label={t`Remove ${{ name: m.name }}`}
                  onClick={() => setDialog({ kind: 'remove', member: m })}
                >
                  <Trans>Remove</Trans>
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <AddMemberButton group={group} className="btn-secondary">
          <Trans>Add friends</Trans>
        </AddMemberButton>
        <button
          type="button"
          className="btn-secondary text-center whitespace-normal"
          onClick={() => setDialog({ kind: 'addGuest' })}
        >
          <Trans>Add someone without an account</Trans>
        </button>
      </div>
      {dialog?.kind === 'addGuest' ? (
        <GuestFormModal group={group} guest={null} onClose={close} />
      ) : null}
      {dialog?.kind === 'editGuest' ? (
        <GuestFormModal group={group} guest={dialog.guest} onClose={close} />
      ) : null}
      {dialog?.kind === 'merge' ? (
        <MergeGuestModal group={group} guest={dialog.guest} onClose={close} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <ConfirmDialog
          title={t`Remove member`}
          message={
            dialog.member.guest
              ? t`Remove ${{ name: dialog.member.name }} from "${{ group: group.name }}"? A guest with no expenses or payments is deleted.`
              : t`Remove ${{ name: dialog.member.name }} from "${{ group: group.name }}"? They lose access to its expenses.`
          }
          confirmLabel={t`Remove`}
          danger
          onConfirm={() => remove(dialog.member)}
          onClose={close}
        />
      ) : null}
    </>
  );
}
