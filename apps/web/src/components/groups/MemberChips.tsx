import { Trans } from '@lingui/react/macro';
import type { Member } from '../../api/types';
import { Avatar } from '../Avatar';

/** A group's members as chips: picture and name, "(You)" for `meId` when given, "(guest)". */
export function MemberChips({ members, meId }: { members: readonly Member[]; meId?: number }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {members.map((m) => (
        <li
          key={m.id}
          className="inline-flex items-center gap-2 rounded-full border border-border bg-surface py-1 pe-3 ps-1 text-sm"
        >
          <Avatar name={m.name} size="sm" src={m.avatarUrl ?? null} />
          <span>
            {m.name}
            {m.id === meId ? (
              <span className="text-muted">
                {' '}
                <Trans>(You)</Trans>
              </span>
            ) : null}
            {m.guest ? (
              <span className="text-muted">
                {' '}
                <Trans>(guest)</Trans>
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
