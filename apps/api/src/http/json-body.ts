// Reading JSON request bodies (docs/api.md §1.1): UTF-8 only, objects where objects are expected.
// Shared by the application/json body parser and the `expenseData` multipart part.

export const MSG_BODY_NOT_OBJECT = 'The request body must be a JSON object.';

// Fatal, so bytes that are not UTF-8 are refused instead of becoming U+FFFD in stored text.
// The BOM is kept, as Buffer#toString kept it before: JSON text must not start with one.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of UTF-8 bytes, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** A UTF-16 surrogate without its other half: only a `\uD800`-style escape can make one. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * JSON.parse with two rules for strings. NUL characters are dropped: PostgreSQL text cannot hold
 * them and they carry no meaning in any field. A lone surrogate escape is refused (as I-JSON,
 * RFC 7493, does): it has no UTF-8 form and would be stored as U+FFFD, like bytes that are not
 * UTF-8. Throws a SyntaxError on malformed JSON.
 */
export function parseJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== 'string') return value;
    if (LONE_SURROGATE.test(value)) throw new SyntaxError('lone surrogate in a string');
    return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  }) as unknown;
}

/** A JSON object: not null, not an array, not a primitive. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
