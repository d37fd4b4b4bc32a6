// Settings of the recurring-expense materializer (issue #11), read with the rest of the config.
import { ConfigError } from './config-error.js';

export interface RecurringConfig {
  /**
   * TEST ONLY (`EVENLY_FAKE_NOW`): the clock that decides which occurrences are due. An ISO
   * instant fixes it; `file:/path` reads an ISO instant from that file at every look, so a test
   * can move time forward under running server processes. null (unset) = the real clock.
   */
  fakeNow: string | null;
  /** `RECURRING_TICK_MS`: how often each process looks for due occurrences (default 30 s). */
  tickMs: number;
}

export function loadRecurringConfig(env: Record<string, string | undefined>): RecurringConfig {
  const fake = env['EVENLY_FAKE_NOW']?.trim() ?? '';
  if (fake !== '' && !fake.startsWith('file:') && Number.isNaN(Date.parse(fake))) {
    throw new ConfigError(
      'EVENLY_FAKE_NOW',
      `must be an ISO instant or file:/path (got "${fake}")`,
    );
  }
  const tickText = env['RECURRING_TICK_MS']?.trim() || '30000';
  const tickMs = Number(tickText);
  if (!/^[0-9]{1,9}$/.test(tickText) || tickMs < 50) {
    throw new ConfigError(
      'RECURRING_TICK_MS',
      `must be a whole number of milliseconds ≥ 50 (got "${tickText}")`,
    );
  }
  return { fakeNow: fake === '' ? null : fake, tickMs };
}
