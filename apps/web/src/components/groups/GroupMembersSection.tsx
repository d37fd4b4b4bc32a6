import type { Group } from '../../api/types';
import { Avatar } from '../Avatar';
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
      <ul className="flex flex-wrap gap-2">
        {group.members.map((m) => (
          <li
            key={m.id}
            className="inline-flex items-center gap-2 rounded-full border border-border bg-surface py-1 pr-3 pl-1 text-sm"
          >
            <Avatar name={m.name} size="sm" src={m.avatarUrl ?? null} />
            <span>
              {m.name}
              {m.id === meId ? <span className="text-muted"> (You)</span> : null}
              {m.guest ? <span className="text-muted"> (guest)</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
