// Where to go after signing in: `?next=` of /login, limited to this app's own paths.

/** A same-origin path ("/join/abc"), or null for anything else (absolute or protocol-relative URLs). */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  return value;
}

export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get('next'));
}
