import type { Group } from '../../api/types';
import { MemberChips } from './MemberChips';
import { GroupSectionTitle } from './GroupSectionTitle';

/** The group page's members, with + Add Member (the rest of their care is in Group settings). */
export function GroupMembersSection({
  group,
  meId,
  onAddMember,
}: {
  group: Group;
  meId: number;
  onAddMember: () => void;
}) {
  return (
    <section aria-labelledby="members-title" className="mb-6">
      <div className="flex items-center justify-between">
        <GroupSectionTitle id="members-title">Members</GroupSectionTitle>
        <button type="button" className="btn-ghost -mt-2 px-2 text-primary" onClick={onAddMember}>
          + Add Member
        </button>
      </div>
      <MemberChips members={group.members} meId={meId} />
    </section>
  );
}
