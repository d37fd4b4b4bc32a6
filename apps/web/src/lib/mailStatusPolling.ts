// How often a page asks how an account e-mail is doing: soon at first (most mails go out within
// seconds), then less and less often, never more than once a minute.
import type { MailState } from '../api/auth';

const DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
const MAX_DELAY_MS = 60_000;

/** The wait before look number `look` (0 for the first). */
export function mailStatusDelayMs(look: number): number {
  return DELAYS_MS[look] ?? MAX_DELAY_MS;
}

/** Sent and failed are final: nothing changes them any more. */
export function isFinalMailState(state: MailState): boolean {
  return state === 'sent' || state === 'failed';
}
