// Time zones as the browser knows them: the person's own (sent to the server when it has none,
// so the daily digest leaves at 08:00 on their clock) and the list to choose from in Account.

/** The browser's IANA time zone, or null when it names none (some privacy modes say "UTC"). */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && zone !== '' ? zone : null;
  } catch {
    return null;
  }
}

/** Every IANA zone this browser knows, with `current` kept in the list even if it does not. */
export function timeZoneChoices(current: string | null): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(known.length > 0 ? known : ['UTC']);
  if (current !== null) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}
