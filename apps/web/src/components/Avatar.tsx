import { avatarColor, initialOf } from '../lib/avatar';

const sizes = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
} as const;

export type AvatarSize = keyof typeof sizes;

/** Initial-letter avatar, colour from the 17-colour palette by name hash. */
export function Avatar({ name, size = 'md' }: { name: string; size?: AvatarSize }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${sizes[size]} ${avatarColor(name)}`}
    >
      {initialOf(name)}
    </span>
  );
}
