import { avatarColor, initialOf } from '../lib/avatar';

const sizes = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
} as const;

export type AvatarSize = keyof typeof sizes;

/**
 * A person's picture (`src`: the API's signed `avatarUrl`) or, without one, their initial on a
 * colour from the 17-colour palette by name hash. Decorative: the name is always shown beside it.
 */
export function Avatar({
  name,
  size = 'md',
  src = null,
}: {
  name: string;
  size?: AvatarSize;
  src?: string | null;
}) {
  if (src !== null && src !== '') {
    return (
      <img
        src={src}
        alt=""
        aria-hidden="true"
        loading="lazy"
        decoding="async"
        className={`inline-block shrink-0 rounded-full object-cover ${sizes[size]}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${sizes[size]} ${avatarColor(name)}`}
    >
      {initialOf(name)}
    </span>
  );
}
