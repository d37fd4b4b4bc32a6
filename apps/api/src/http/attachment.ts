// Content-Disposition of the files the API hands out (exports, the trip report).

/** RFC 6266 attachment with an ASCII fallback name and the UTF-8 one. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A name (a group's) as a file name's first part: letters and digits, the rest dashes. */
export function fileSlug(name: string, fallback: string): string {
  return (
    name
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80)
      .replace(/-$/, '') || fallback
  );
}
