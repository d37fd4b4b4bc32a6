import { Trans } from '@lingui/react/macro';
import type { Group } from '../../api/types';
import { AddMemberButton } from './AddMemberModal';
import { MemberChips } from './MemberChips';
import { GroupSectionTitle } from './GroupSectionTitle';

/** The group page's members, with + Add Member (the rest of their care is in Group settings). */
export function GroupMembersSection({ group, meId }: { group: Group; meId: number }) {
  return (
    <section aria-labelledby="members-title" className="mb-6">
      <div className="flex items-center justify-between">
        <GroupSectionTitle id="members-title">
          <Trans>Members</Trans>
        </GroupSectionTitle>
        <AddMemberButton group={group} className="btn-ghost -mt-2 px-2 text-primary">
          <Trans>+ Add Member</Trans>
        </AddMemberButton>
      </div>
      <MemberChips members={group.members} meId={meId} />
    </section>
  );
}
