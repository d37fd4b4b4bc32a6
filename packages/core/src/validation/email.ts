// E-mail addresses, with no other dependency: the account pages (the first a visitor loads)
import type { Message } from '../message.js';
// check addresses without loading the rest of the core.
export const MSG_INVALID_EMAIL: Message = /*i18n*/ {
  id: 'email.invalidEmail',
  message: 'Please enter a valid email address.',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*$/;

/** Whether `text` (already trimmed) looks like an e-mail address. */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL_PATTERN.test(text);
}
