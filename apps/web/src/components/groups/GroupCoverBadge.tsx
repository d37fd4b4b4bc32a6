import { coverClass, groupInitials } from '../../lib/groupCover';
import { GroupIcon } from '../icons';

const sizes = {
  md: 'size-12 rounded-2xl text-2xl',
  lg: 'size-16 rounded-3xl text-4xl',
} as const;

/**
 * A group's cover: its emoji on its colour, or its initials on the colour when there is no
 * emoji, or the group icon when neither is set. Decorative: the name is always shown beside it.
 */
export function GroupCoverBadge({
  name,
  emoji,
  color,
  size = 'md',
}: {
  name: string;
  emoji: string | null | undefined;
  color: string | null | undefined;
  size?: keyof typeof sizes;
}) {
  const bg = coverClass(color);
  const hasEmoji = emoji !== null && emoji !== undefined && emoji !== '';
  if (!hasEmoji && bg === null) {
    return (
      <span
        aria-hidden="true"
        data-testid="group-cover"
        className={`flex shrink-0 items-center justify-center bg-primary-soft text-primary ${sizes[size]}`}
      >
        <GroupIcon className="size-6" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="group-cover"
      data-cover-color={color ?? ''}
      className={`flex shrink-0 items-center justify-center font-semibold ${sizes[size]} ${
        bg ?? 'bg-primary-soft'
      } ${hasEmoji ? '' : size === 'md' ? 'text-base text-white' : 'text-xl text-white'}`}
    >
      {hasEmoji ? emoji : groupInitials(name)}
    </span>
  );
}
