// Readers of single environment values, shared by the configuration's files. Each names the
// variable in its error, so a bad value stops the server at start with a clear message.
import { ConfigError } from './config-error.js';

export type Env = Record<string, string | undefined>;

/** The trimmed value, or null when unset or blank. */
export function opt(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const v = opt(env, name);
  if (v === null) return fallback;
  if (/^(true|1|yes)$/i.test(v)) return true;
  if (/^(false|0|no)$/i.test(v)) return false;
  throw new ConfigError(name, `must be true or false (got "${v}")`);
}

/** `value` if it parses as a URL with one of `protocols` (e.g. `'https:'`). */
export function url(name: string, value: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL (got "${value}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
  }
  return value;
}
