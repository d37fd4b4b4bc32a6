// Avatar colour from a 17-colour palette chosen by a hash of the name (spec §9).
export const AVATAR_PALETTE = [
  'bg-red-600',
  'bg-orange-600',
  'bg-amber-700',
  'bg-yellow-700',
  'bg-lime-700',
  'bg-green-700',
  'bg-emerald-700',
  'bg-teal-700',
  'bg-cyan-700',
  'bg-sky-700',
  'bg-blue-600',
  'bg-indigo-600',
  'bg-violet-600',
  'bg-purple-600',
  'bg-fuchsia-700',
  'bg-pink-600',
  'bg-rose-600',
] as const;

export function hashName(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) {
    hash = (hash * 31 + name.charCodeAt(i)) | 0;
  }
  return Math.abs(hash);
}

export function avatarColor(name: string): string {
  return AVATAR_PALETTE[hashName(name) % AVATAR_PALETTE.length] ?? 'bg-teal-700';
}

export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}
