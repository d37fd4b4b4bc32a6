import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/client';
import { groupsApi } from '../api/groups';
import type { Group } from '../api/types';
import { useCurrentUser } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { type ConfirmRequest, DangerConfirm } from '../components/ConfirmDialog';
import { GroupCurrencyModal } from '../components/groups/GroupCurrencyModal';
import { GroupCurrencySummary } from '../components/groups/GroupCurrencySummary';
import { GroupPageStatus } from '../components/groups/GroupPageStatus';
import { PageHeader } from '../components/PageHeader';
import { CoverSection } from '../components/settings/CoverSection';
import { ExportGroupSection } from '../components/settings/ExportGroupSection';
import { GroupNameForm } from '../components/settings/GroupNameForm';
import { InviteLinkSection } from '../components/settings/InviteLinkSection';
import { SettingsMembers } from '../components/settings/SettingsMembers';
import { SettingsSection as Section } from '../components/settings/SettingsSection';
import { SimplifyDebtsSwitch } from '../components/settings/SimplifyDebtsSwitch';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useGroupTransactions } from '../hooks/useGroups';
import { useInvalidateAll } from '../hooks/useInvalidate';
import { useRouteGroup } from '../hooks/useRouteGroup';
import { deleteGroupQuestion, leaveGroupQuestion } from '../lib/groupConfirms';

type Dialog = { kind: 'currency' } | ({ kind: 'confirm' } & ConfirmRequest);

export default function GroupSettingsPage() {
  const { t } = useLingui();
  const { validId, groupId, group } = useRouteGroup();
  const groupName = group.data?.name;
  useDocumentTitle(groupName === undefined ? t`Group settings` : t`${groupName} settings`);
  if (!validId || group.isPending || group.error) {
    return (
      <GroupPageStatus
        validId={validId}
        group={group}
        title={t`Group settings`}
        loadingTitle={t`Group settings`}
        loadingBack={groupId === null ? '/app/groups' : `/app/group/${groupId}`}
        skeletonHeight="h-24"
      />
    );
  }
  return <GroupSettings group={group.data} />;
}

function GroupSettings({ group }: { group: Group }) {
  const { t, i18n } = useLingui();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const transactions = useGroupTransactions(group.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dangerError, setDangerError] = useState<string | null>(null);
  const close = () => setDialog(null);
  const isCreator = group.creator.id === me.id;
  const hasHistory = (transactions.data?.length ?? 0) > 0;

  /** Leaving or deleting behind its question; on success back to the groups, else why not. */
  const confirmThenLeave = (
    question: ReturnType<typeof leaveGroupQuestion>,
    call: () => Promise<unknown>,
    success: string,
    failure: string,
  ) =>
    setDialog({
      kind: 'confirm',
      ...question,
      action: async () => {
        setDangerError(null);
        try {
          await call();
          close();
          toast.success(success);
          await navigate('/app/groups');
          await invalidate();
        } catch (e) {
          close();
          setDangerError(errorMessage(e, failure));
        }
      },
    });

  return (
    <>
      <PageHeader title={t`Group settings`} back={`/app/group/${group.id}`} />

      <Section id="settings-cover" title={t`Cover`}>
        <CoverSection key={`${group.coverEmoji ?? ''}|${group.coverColor ?? ''}`} group={group} />
      </Section>

      <Section id="settings-name" title={t`Name`}>
        <GroupNameForm group={group} />
      </Section>

      <Section id="settings-currency" title={t`Currency`}>
        <p className="mb-3 text-sm text-muted">
          <GroupCurrencySummary group={group} />
        </p>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setDialog({ kind: 'currency' })}
        >
          <Trans>Currency settings</Trans>
        </button>
      </Section>

      <Section id="settings-simplify" title={t`Payments`}>
        <SimplifyDebtsSwitch group={group} />
      </Section>

      <Section id="settings-members" title={t`Members`}>
        <SettingsMembers group={group} meId={me.id} />
      </Section>

      <Section id="settings-invite" title={t`Invite link`}>
        <InviteLinkSection group={group} />
      </Section>

      <Section id="settings-export" title={t`Export`}>
        <ExportGroupSection group={group} />
      </Section>

      <Section id="settings-danger" title={t`Leave or delete`}>
        {dangerError ? (
          <div className="mb-3">
            <Alert>{dangerError}</Alert>
          </div>
        ) : null}
        <p className="mb-3 text-sm text-muted">
          {isCreator ? (
            <Trans>
              You can leave once your balances in this group are settled. Deleting needs everyone to
              be settled up.
            </Trans>
          ) : (
            <Trans>You can leave once your balances in this group are settled.</Trans>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              confirmThenLeave(
                leaveGroupQuestion(i18n, group.name),
                () => groupsApi.leave(group.id, me.id),
                t`Left group`,
                t`Failed to leave the group`,
              )
            }
          >
            <Trans>Leave group</Trans>
          </button>
          {isCreator ? (
            <button
              type="button"
              className="btn-danger"
              onClick={() =>
                confirmThenLeave(
                  deleteGroupQuestion(i18n, group.name),
                  () => groupsApi.remove(group.id),
                  t`Group deleted`,
                  t`Failed to delete the group`,
                )
              }
            >
              <Trans>Delete Group</Trans>
            </button>
          ) : null}
        </div>
      </Section>

      {dialog?.kind === 'currency' ? (
        <GroupCurrencyModal
          // Opened from cached history: shown again once the refetch says otherwise.
          key={String(hasHistory)}
          group={group}
          hasHistory={hasHistory}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'confirm' ? <DangerConfirm request={dialog} onClose={close} /> : null}
    </>
  );
}
