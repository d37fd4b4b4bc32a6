// Core's sentences as message descriptors (issue #32 point 5): `{ id, message, values? }`, the
// shape of Lingui's MessageDescriptor without depending on Lingui. `message` is the API contract's
// English with ICU placeholders (`{max}`) filled from `values`; the server sends that English
// (`messageText`), the web app shows the descriptor in the page's language (`i18n._(descriptor)`).
// Each descriptor is written as an object literal marked `/*i18n*/` so Lingui's extractor puts it
// into the web app's catalogs (lingui.config.ts) under its `id`.

export type MessageValues = Readonly<Record<string, string | number>>;

export interface Message {
  /** Stable id, the catalogs' key: a change of wording keeps it, a change of meaning does not. */
  readonly id: string;
  /** The contract's English, with `{name}` placeholders for `values`. */
  readonly message: string;
  readonly values?: MessageValues;
}

/** The English sentence of a message, its placeholders filled: what the API sends. */
export function messageText(m: Message): string {
  const values = m.values;
  if (values === undefined) return m.message;
  return m.message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Whether `value` is a message descriptor (the web's guard for problems that may be either). */
export function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/**
 * `value` with every message descriptor in it replaced by its English sentence (arrays and plain
 * objects are copied): a result or a list of issues as the API contract writes it.
 */
export function inEnglish(value: unknown): unknown {
  if (isMessage(value)) return messageText(value);
  if (Array.isArray(value)) return value.map(inEnglish);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inEnglish(v)]));
  }
  return value;
}
