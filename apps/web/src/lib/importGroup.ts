// The import page's choices (apps/web/src/pages/ImportGroupPage.tsx): the apps a group can come
// from, who each person of the file is, and the group's name taken from the file's.
import { ApiError, errorMessage } from '../api/client';
import type { ColumnMapping, ImportFormat } from '../api/imports';

/** The apps a group can come from, with where their export is. */
export const SOURCES: { id: ImportFormat; name: string; how: string }[] = [
  {
    id: 'splitwise',
    name: 'Splitwise',
    how: 'In Splitwise, open the group and choose “Export as spreadsheet” (a CSV file).',
  },
  {
    id: 'spliit',
    name: 'Spliit',
    how: 'In Spliit, open the group’s expenses, choose Export and then JSON.',
  },
  {
    id: 'tricount',
    name: 'Tricount',
    how: 'In Tricount, open the tricount’s settings and export it as a CSV file.',
  },
  {
    id: 'ihatemoney',
    name: 'IHateMoney',
    how: 'In IHateMoney, open Settings → Export and download the bills as JSON or CSV.',
  },
  {
    id: 'cospend',
    name: 'Cospend',
    how: 'In Cospend (Nextcloud), open the project’s menu and choose “Export to CSV”.',
  },
  {
    id: 'evenly',
    name: 'Evenly (another server)',
    how: 'On the other Evenly server, open the group and export it as JSON (or take group.json out of the zip).',
  },
];

export const sourceName = (f: ImportFormat) => SOURCES.find((s) => s.id === f)?.name ?? f;

/** A select's value for a mapping: "me", "friend:<id>" or "guest". */
export type Choice = string;

export interface Column {
  choice: Choice;
  guestName: string;
}

export function choiceOf(m: ColumnMapping): Choice {
  return m.kind === 'me' ? 'me' : m.kind === 'friend' ? `friend:${String(m.userId)}` : 'guest';
}

export function mappingOf(c: Column): ColumnMapping {
  if (c.choice === 'me') return { kind: 'me' };
  if (c.choice.startsWith('friend:')) return { kind: 'friend', userId: Number(c.choice.slice(7)) };
  return { kind: 'guest', name: c.guestName.trim() };
}

/** "lisbon-trip_2025-03-01_export.csv" → "Lisbon trip". */
export function nameFromFile(fileName: string): string {
  const base = fileName
    .replace(/\.(csv|json)$/i, '')
    .replace(/_?\d{4}-\d{2}-\d{2}.*$/, '')
    .replace(/_export$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  const name = base === '' ? 'Imported group' : base.charAt(0).toUpperCase() + base.slice(1);
  return name.slice(0, 100);
}

export function problemsOfMapping(columns: Column[]): string | null {
  const me = columns.filter((c) => c.choice === 'me').length;
  if (me > 1) return 'Only one person can be you.';
  const friends = columns.filter((c) => c.choice.startsWith('friend:')).map((c) => c.choice);
  if (new Set(friends).size !== friends.length)
    return 'Each friend can be chosen for one person only.';
  if (columns.some((c) => c.choice === 'guest' && c.guestName.trim() === '')) {
    return 'Please give each new guest a name.';
  }
  return null;
}

export interface Problem {
  message: string;
  lines: string[];
}

export function problemOf(e: unknown, fallback: string): Problem {
  if (e instanceof ApiError) {
    const lines = e.details.map((d) => d.message).filter((m) => m !== e.message);
    return { message: e.message, lines };
  }
  return { message: errorMessage(e, fallback), lines: [] };
}
