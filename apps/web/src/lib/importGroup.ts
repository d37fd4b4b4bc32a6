// The import page's choices (apps/web/src/pages/ImportGroupPage.tsx): the apps a group can come
// from, who each person of the file is, and the group's name taken from the file's.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, errorMessage } from '../api/client';
import type { ColumnMapping, ImportFormat } from '../api/imports';

/** The apps a group can come from, with where their export is. */
export const SOURCES: { id: ImportFormat; name: MessageDescriptor; how: MessageDescriptor }[] = [
  {
    id: 'splitwise',
    name: msg`Splitwise`,
    how: msg`In Splitwise, open the group and choose “Export as spreadsheet” (a CSV file).`,
  },
  {
    id: 'spliit',
    name: msg`Spliit`,
    how: msg`In Spliit, open the group’s expenses, choose Export and then JSON.`,
  },
  {
    id: 'tricount',
    name: msg`Tricount`,
    how: msg`In Tricount, open the tricount’s settings and export it as a CSV file.`,
  },
  {
    id: 'ihatemoney',
    name: msg`IHateMoney`,
    how: msg`In IHateMoney, open Settings → Export and download the bills as JSON or CSV.`,
  },
  {
    id: 'cospend',
    name: msg`Cospend`,
    how: msg`In Cospend (Nextcloud), open the project’s menu and choose “Export to CSV”.`,
  },
  {
    id: 'evenly',
    name: msg`Evenly (another server)`,
    how: msg`On the other Evenly server, open the group and export it as JSON (or take group.json out of the zip).`,
  },
];

export const sourceName = (f: ImportFormat): MessageDescriptor | string =>
  SOURCES.find((s) => s.id === f)?.name ?? f;

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

/** "lisbon-trip_2025-03-01_export.csv" → "Lisbon trip"; `fallback` when nothing is left. */
export function nameFromFile(fileName: string, fallback: string): string {
  const base = fileName
    .replace(/\.(csv|json)$/i, '')
    .replace(/_?\d{4}-\d{2}-\d{2}.*$/, '')
    .replace(/_export$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  const name = base === '' ? fallback : base.charAt(0).toUpperCase() + base.slice(1);
  return name.slice(0, 100);
}

export function problemsOfMapping(columns: Column[]): MessageDescriptor | null {
  const me = columns.filter((c) => c.choice === 'me').length;
  if (me > 1) return msg`Only one person can be you.`;
  const friends = columns.filter((c) => c.choice.startsWith('friend:')).map((c) => c.choice);
  if (new Set(friends).size !== friends.length)
    return msg`Each friend can be chosen for one person only.`;
  if (columns.some((c) => c.choice === 'guest' && c.guestName.trim() === '')) {
    return msg`Please give each new guest a name.`;
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
