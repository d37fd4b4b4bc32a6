// Local-storage keys of spec §3 and typed accessors for them.
import { parseThemeChoice, type ThemeChoice } from './theme';

export const AUTH_TOKEN_KEY = 'authToken';
export const USER_INFO_KEY = 'userInfo';
export const THEME_KEY = 'theme';

export interface StoredUser {
  id: number;
  name: string;
  email: string;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): keep going in memory */
  }
}

export function getToken(): string | null {
  return read(AUTH_TOKEN_KEY);
}

export function setToken(token: string): void {
  write(AUTH_TOKEN_KEY, token);
}

export function getStoredUser(): StoredUser | null {
  const raw = read(USER_INFO_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'id' in parsed &&
      'name' in parsed &&
      'email' in parsed &&
      typeof parsed.id === 'number' &&
      typeof parsed.name === 'string' &&
      typeof parsed.email === 'string'
    ) {
      return { id: parsed.id, name: parsed.name, email: parsed.email };
    }
  } catch {
    /* corrupt entry: treat as signed out */
  }
  return null;
}

export function storeSession(token: string, user: StoredUser): void {
  write(AUTH_TOKEN_KEY, token);
  write(USER_INFO_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  write(AUTH_TOKEN_KEY, null);
  write(USER_INFO_KEY, null);
}

export function getThemeChoice(): ThemeChoice {
  return parseThemeChoice(read(THEME_KEY));
}

/** System is stored as no key at all, as for someone who never chose. */
export function setThemeChoice(choice: ThemeChoice): void {
  write(THEME_KEY, choice === 'system' ? null : choice);
}
