import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../api/types';
import { Avatar } from '../Avatar';
import { GroupIcon } from '../icons';

/** The expense form's "With you and:": the group, or outside groups the other people. */
export function ExpenseWith({
  groupName,
  others,
}: {
  groupName: string | null;
  /** Everyone in the expense but the current user. */
  others: readonly User[];
}) {
  const { t } = useLingui();
  return (
    <div>
      <p className="label">
        <Trans>With you and:</Trans>
      </p>
      <ul className="flex flex-wrap gap-2" aria-label={t`With`}>
        {groupName ? (
          <li className="inline-flex min-h-9 items-center gap-2 rounded-full bg-primary-soft px-3 text-sm font-medium text-primary">
            <GroupIcon className="size-4" /> {groupName}
          </li>
        ) : (
          others.map((p) => (
            <li
              key={p.id}
              className="inline-flex min-h-9 items-center gap-2 rounded-full bg-surface-2 py-1 pe-3 ps-1 text-sm font-medium"
            >
              <Avatar name={p.name} size="sm" /> {p.name}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
