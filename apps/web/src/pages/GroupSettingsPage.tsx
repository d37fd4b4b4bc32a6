import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/client';
import { groupsApi } from '../api/groups';
import type { Group, Member } from '../api/types';
import { useCurrentUser } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { Avatar } from '../components/Avatar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { AddMemberModal } from '../components/groups/AddMemberModal';
import { GroupCurrencyModal } from '../components/groups/GroupCurrencyModal';
import { PageHeader } from '../components/PageHeader';
import { CoverSection } from '../components/settings/CoverSection';
import { GuestFormModal, MergeGuestModal } from '../components/settings/GuestModals';
import { InviteLinkSection } from '../components/settings/InviteLinkSection';
import { ExportCsvSection } from '../components/settings/ExportCsvSection';
import { SkeletonList } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useGroup, useGroupTransactions } from '../hooks/useGroups';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { isNumericId, validateGroupRename } from '../lib/validation';

type Dialog =
  | { kind: 'addFriends' }
  | { kind: 'addGuest' }
  | { kind: 'editGuest'; guest: Member }
  | { kind: 'merge'; guest: Member }
  | { kind: 'currency' }
  | {
      kind: 'confirm';
      title: string;
      message: string;
      confirmLabel: string;
      action: () => Promise<void>;
    };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card mb-4 p-4">
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function GroupSettingsPage() {
  const { groupId: rawId } = useParams();
  const validId = isNumericId(rawId);
  const groupId = validId ? Number(rawId) : null;
  const group = useGroup(groupId);
  useDocumentTitle(group.data ? `${group.data.name} settings` : 'Group settings');
  const back = groupId === null ? '/app/groups' : `/app/group/${groupId}`;

  if (!validId) {
    return (
      <>
        <PageHeader title="Group settings" back="/app/groups" />
        <p role="alert" className="card p-4 text-danger">
          Error: Invalid Group ID.
        </p>
      </>
    );
  }
  if (group.isPending) {
    return (
      <>
        <PageHeader title="Group settings" back={back} />
        <SkeletonList rows={5} height="h-24" />
      </>
    );
  }
  if (group.error) {
    return (
      <>
        <PageHeader title="Group settings" back="/app/groups" />
        <p role="alert" className="card p-4 text-danger">
          Error: {group.error.message || 'Could not load group data.'}
        </p>
      </>
    );
  }
  return <GroupSettings group={group.data} />;
}

function GroupSettings({ group }: { group: Group }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const transactions = useGroupTransactions(group.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [name, setName] = useState(group.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [savingName, setSavingName] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [memberError, setMemberError] = useState<string | null>(null);
  const [dangerError, setDangerError] = useState<string | null>(null);
  const close = () => setDialog(null);
  const isCreator = group.creator.id === me.id;
  const separate = group.currencyMode === 'SEPARATE';
  const hasHistory = (transactions.data?.length ?? 0) > 0;

  const saveName = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    const problem = validateGroupRename(value);
    if (problem) {
      setNameError(problem);
      return;
    }
    setNameError(null);
    setSavingName(true);
    try {
      await groupsApi.update(group.id, { name: value });
      toast.success('Group renamed');
      await invalidate();
    } catch (e) {
      setNameError(errorMessage(e, 'Failed to rename the group'));
    } finally {
      setSavingName(false);
    }
  };

  const toggleSimplify = async () => {
    setToggling(true);
    try {
      await groupsApi.update(group.id, { simplifyDebts: !group.simplifyDebts });
      await invalidate();
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to update group'));
    } finally {
      setToggling(false);
    }
  };

  const confirmRemove = (member: Member) =>
    setDialog({
      kind: 'confirm',
      title: 'Remove member',
      message: member.guest
        ? `Remove ${member.name} from "${group.name}"? A guest with no expenses or payments is deleted.`
        : `Remove ${member.name} from "${group.name}"? They lose access to its expenses.`,
      confirmLabel: 'Remove',
      action: async () => {
        setMemberError(null);
        try {
          await groupsApi.removeMember(group.id, member.id);
          toast.success(`${member.name} removed`);
        } catch (e) {
          setMemberError(errorMessage(e, 'Failed to remove the member'));
        } finally {
          close();
          await invalidate();
        }
      },
    });

  const confirmLeave = () =>
    setDialog({
      kind: 'confirm',
      title: 'Leave group',
      message: `Leave "${group.name}"? You will lose access to its expenses.`,
      confirmLabel: 'Leave',
      action: async () => {
        setDangerError(null);
        try {
          await groupsApi.leave(group.id, me.id);
          close();
          toast.success('Left group');
          await navigate('/app/groups');
          await invalidate();
        } catch (e) {
          close();
          setDangerError(errorMessage(e, 'Failed to leave the group'));
        }
      },
    });

  const confirmDelete = () =>
    setDialog({
      kind: 'confirm',
      title: 'Delete group',
      message: `Delete "${group.name}" with all its expenses and payments? This cannot be undone.`,
      confirmLabel: 'Delete Group',
      action: async () => {
        setDangerError(null);
        try {
          await groupsApi.remove(group.id);
          close();
          toast.success('Group deleted');
          await navigate('/app/groups');
          await invalidate();
        } catch (e) {
          close();
          setDangerError(errorMessage(e, 'Failed to delete the group'));
        }
      },
    });

  return (
    <>
      <PageHeader title="Group settings" back={`/app/group/${group.id}`} />

      <Section id="settings-cover" title="Cover">
        <CoverSection key={`${group.coverEmoji ?? ''}|${group.coverColor ?? ''}`} group={group} />
      </Section>

      <Section id="settings-name" title="Name">
        <form onSubmit={(e) => void saveName(e)} noValidate className="flex flex-col gap-3">
          <div>
            <label htmlFor="group-name" className="label">
              Group name
            </label>
            <input
              id="group-name"
              className="field"
              value={name}
              maxLength={100}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'group-name-error' : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {nameError ? (
              <p id="group-name-error" role="alert" className="mt-1 text-sm text-danger">
                {nameError}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="btn-primary self-start"
            disabled={savingName || name.trim() === group.name}
          >
            {savingName ? 'Saving...' : 'Rename'}
          </button>
        </form>
      </Section>

      <Section id="settings-currency" title="Currency">
        <p className="mb-3 text-sm text-muted">
          Group currency <span className="font-semibold text-fg">{group.defaultCurrency}</span>
          {separate ? ' · currencies kept separate' : ' · other currencies converted into it'}
        </p>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setDialog({ kind: 'currency' })}
        >
          Currency settings
        </button>
      </Section>

      <Section id="settings-simplify" title="Payments">
        <label className="relative flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-xl px-1">
          <span>
            <span className="block text-sm font-medium">Simplify debts</span>
            <span className="block text-xs text-muted">Combine debts into fewer payments.</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className="peer sr-only"
            checked={group.simplifyDebts}
            disabled={toggling}
            onChange={() => void toggleSimplify()}
          />
          <span
            aria-hidden="true"
            className="relative h-7 w-12 shrink-0 rounded-full bg-border transition-colors peer-checked:bg-primary peer-focus-visible:outline-3 peer-focus-visible:outline-ring after:absolute after:top-1 after:left-1 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5"
          />
        </label>
      </Section>

      <Section id="settings-members" title="Members">
        {memberError ? (
          <div className="mb-3">
            <Alert>{memberError}</Alert>
          </div>
        ) : null}
        <ul className="mb-3 flex flex-col divide-y divide-border">
          {group.members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-3 py-2">
              <Avatar name={m.name} size="md" src={m.avatarUrl ?? null} />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="truncate">{m.name}</span>
                  {m.id === me.id ? <span className="text-sm text-muted">(You)</span> : null}
                  {m.guest ? (
                    <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
                      Guest
                    </span>
                  ) : null}
                  {m.id === group.creator.id ? (
                    <span className="text-xs text-muted">Creator</span>
                  ) : null}
                </span>
                {m.guest ? (
                  <span className="block truncate text-xs text-muted">
                    {m.email ?? 'No e-mail address'}
                  </span>
                ) : null}
              </span>
              <span className="flex flex-wrap gap-1">
                {m.guest ? (
                  <>
                    <button
                      type="button"
                      className="btn-ghost min-h-9 px-2 text-sm text-primary"
                      aria-label={`Edit ${m.name}`}
                      onClick={() => setDialog({ kind: 'editGuest', guest: m })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn-ghost min-h-9 px-2 text-sm text-primary"
                      onClick={() => setDialog({ kind: 'merge', guest: m })}
                    >
                      Merge <span className="sr-only">{m.name} </span>into…
                    </button>
                  </>
                ) : null}
                {isCreator && m.id !== me.id ? (
                  <button
                    type="button"
                    className="btn-ghost min-h-9 px-2 text-sm text-danger"
                    aria-label={`Remove ${m.name}`}
                    onClick={() => confirmRemove(m)}
                  >
                    Remove
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setDialog({ kind: 'addFriends' })}
          >
            Add friends
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setDialog({ kind: 'addGuest' })}
          >
            Add someone without an account
          </button>
        </div>
      </Section>

      <Section id="settings-invite" title="Invite link">
        <InviteLinkSection group={group} />
      </Section>

      <Section id="settings-export" title="Export">
        <ExportCsvSection group={group} />
      </Section>

      <Section id="settings-danger" title="Leave or delete">
        {dangerError ? (
          <div className="mb-3">
            <Alert>{dangerError}</Alert>
          </div>
        ) : null}
        <p className="mb-3 text-sm text-muted">
          You can leave once your balances in this group are settled.
          {isCreator ? ' Deleting needs everyone to be settled up.' : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={confirmLeave}>
            Leave group
          </button>
          {isCreator ? (
            <button type="button" className="btn-danger" onClick={confirmDelete}>
              Delete Group
            </button>
          ) : null}
        </div>
      </Section>

      {dialog?.kind === 'addFriends' ? <AddMemberModal group={group} onClose={close} /> : null}
      {dialog?.kind === 'addGuest' ? (
        <GuestFormModal group={group} guest={null} onClose={close} />
      ) : null}
      {dialog?.kind === 'editGuest' ? (
        <GuestFormModal group={group} guest={dialog.guest} onClose={close} />
      ) : null}
      {dialog?.kind === 'merge' ? (
        <MergeGuestModal group={group} guest={dialog.guest} onClose={close} />
      ) : null}
      {dialog?.kind === 'currency' ? (
        <GroupCurrencyModal
          // Opened from cached history: shown again once the refetch says otherwise.
          key={String(hasHistory)}
          group={group}
          hasHistory={hasHistory}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'confirm' ? (
        <ConfirmDialog
          title={dialog.title}
          message={dialog.message}
          confirmLabel={dialog.confirmLabel}
          danger
          onConfirm={dialog.action}
          onClose={close}
        />
      ) : null}
    </>
  );
}
