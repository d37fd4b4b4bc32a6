import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import type { Group } from '../../api/types';
import { useFriends } from '../../hooks/useFriendships';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { validateNewMembers } from '../../lib/validation';
import { Alert } from '../Alert';
import { Avatar } from '../Avatar';
import { Modal } from '../Modal';
import { GuestFormModal } from '../settings/GuestModals';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';

/**
 * The button that opens Add Member: the group page's "+ Add Member" and Group settings' "Add
 * friends" are both this one, only their look differs.
 */
export function AddMemberButton({
  group,
  className,
  children,
}: {
  group: Group;
  className: string;
  children: ReactNode;
}) {
  // Add Member's own dialog, or Group settings' guest form opened from it in its place.
  const [open, setOpen] = useState<'members' | 'guest' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen('members')}>
        {children}
      </button>
      {open === 'members' ? (
        <AddMemberModal group={group} onClose={close} onAddGuest={() => setOpen('guest')} />
      ) : null}
      {open === 'guest' ? <GuestFormModal group={group} guest={null} onClose={close} /> : null}
    </>
  );
}

/**
 * Tick friends who are not members yet, or add one person by e-mail, or (`onAddGuest`) go on to
 * add someone without an account.
 */
export function AddMemberModal({
  group,
  onClose,
  onAddGuest,
}: {
  group: Group;
  onClose: () => void;
  onAddGuest: () => void;
}) {
  const { i18n, t } = useLingui();
  const friends = useFriends();
  const [selected, setSelected] = useState<number[]>([]);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();

  const memberIds = new Set(group.members.map((m) => m.id));
  const candidates = (friends.data ?? [])
    .filter((f) => f.status === 'ACCEPTED' && f.otherUser && !memberIds.has(f.otherUser.id))
    .map((f) => f.otherUser)
    .filter((u) => u !== null);

  const toggle = (id: number) =>
    setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const byEmail = email.trim() !== '';
    const problem = validateNewMembers(byEmail ? { memberEmail: email } : { memberIds: selected });
    if (problem) {
      setError(i18n._(problem));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (byEmail) {
        const address = email.trim();
        const updated = await groupsApi.addMemberByEmail(group.id, address);
        toast.success(updated ? t`Member added successfully!` : t`Invitation sent to ${address}.`);
      } else {
        await groupsApi.addMembers(group.id, selected);
        toast.success(t`Member added successfully!`);
      }
      await invalidate();
      onClose();
    } catch (e) {
      setError(errorMessage(e, t`Failed to add member to group ${{ groupId: group.id }}`));
      setBusy(false);
    }
  };

  return (
    <Modal title={t`Add Member`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <fieldset disabled={email.trim() !== ''}>
          <legend className="label">
            <Trans>Your friends</Trans>
          </legend>
          {friends.isPending ? (
            <SkeletonList rows={2} height="h-12" />
          ) : friends.isError ? (
            <p className="text-sm text-danger">
              <Trans>Could not load friends list.</Trans>
            </p>
          ) : candidates.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>All your friends are already members.</Trans>
            </p>
          ) : (
            <ul className="max-h-40 overflow-y-auto rounded-xl border border-border">
              {candidates.map((u) => (
                <li key={u.id}>
                  <label className="flex min-h-12 cursor-pointer items-center gap-3 px-3 hover:bg-surface-2">
                    <input
                      type="checkbox"
                      className="size-5 accent-[var(--primary)]"
                      checked={selected.includes(u.id)}
                      onChange={() => toggle(u.id)}
                    />
                    <Avatar name={u.name} size="sm" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{u.name}</span>
                      <span className="block truncate text-xs text-muted">{u.email}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="flex items-center gap-3 text-xs text-muted">
          <span className="h-px flex-1 bg-border" /> <Trans>or</Trans>{' '}
          <span className="h-px flex-1 bg-border" />
        </div>
        <div>
          <label htmlFor="member-email" className="label">
            <Trans>Add by e-mail</Trans>
          </label>
          <input
            id="member-email"
            type="email"
            className="field"
            placeholder={t`friend@example.com`}
            value={email}
            disabled={selected.length > 0}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="flex items-center gap-3 text-xs text-muted">
          <span className="h-px flex-1 bg-border" /> <Trans>or</Trans>{' '}
          <span className="h-px flex-1 bg-border" />
        </div>
        <div>
          <button
            type="button"
            className="btn-secondary w-full text-center whitespace-normal"
            onClick={onAddGuest}
          >
            <Trans>Add someone without an account</Trans>
          </button>
          <p className="mt-1 text-xs text-muted">
            <Trans>
              They take part like everyone else and can join later to take over their share.
            </Trans>
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t`Adding...` : t`Add`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
