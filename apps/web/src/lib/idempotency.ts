// Idempotency-Key per logical submission (docs/api.md §1.10). A create whose answer the browser
// never saw (network error, timeout, 5xx, 409 "already in progress") may still have been made on
// the server; sending the same request again under the same key makes the server replay that
// result instead of creating a second expense or payment.

/**
 * A fresh random key. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost), but
 * a self-hosted install is often opened over plain http on the LAN, where only
 * `getRandomValues` is available: 128 random bits in hex serve the server just as well.
 */
export function newIdempotencyKey(): string {
  // Typed as always present, yet undefined outside secure contexts.
  const randomUUID = crypto.randomUUID as (() => string) | undefined;
  if (typeof randomUUID === 'function') return randomUUID.call(crypto);
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SubmissionKeys {
  /**
   * The key to send with this request. It stays the same while the request stays the same, so a
   * retry after an unanswered or failed attempt is replayed rather than created twice. A changed
   * request gets a new key: the server would refuse the old key with a 409 "different request".
   * A file is compared by identity (the same File object holds the same bytes).
   */
  keyFor(request: unknown, file?: Blob | null): string;
  /** After a success the next submission, even an identical one, is a new expense or payment. */
  succeeded(): void;
}

export function submissionKeys(makeKey: () => string = newIdempotencyKey): SubmissionKeys {
  let last: { request: string; file: Blob | null; key: string } | null = null;
  return {
    keyFor(request, file = null) {
      // The request objects are built by the same code each time, so equal content gives equal
      // JSON text (same key order).
      const text = JSON.stringify(request);
      if (last === null || last.request !== text || last.file !== file) {
        last = { request: text, file, key: makeKey() };
      }
      return last.key;
    },
    succeeded() {
      last = null;
    },
  };
}
