// The expense form's problems in the page's language (issue #32): the rules and their English
// sentences are core's (the API says the same), so the form picks its own translated sentence by
// core's English one. A sentence this table does not know is shown as it is.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  EXPENSE_MESSAGES,
  ITEM_SPLIT_MESSAGES,
  MAX_PAYERS,
  MAX_SPLITS,
  MSG_AMOUNT_TOO_LARGE,
  MSG_INVALID_AMOUNT,
  MSG_INVALID_DATE,
  MSG_INVALID_RATE,
  MSG_TOO_MANY_DECIMALS,
  RECURRENCE_MESSAGES,
} from '@evenly/core';
import { MSG_RATES_UNAVAILABLE } from './conversion';
import { EXPENSE_FORM_EMPTY_MESSAGE } from './expenseForm';
import { ITEM_AMOUNT_FIRST } from './itemSplit';
import { FORM_MESSAGES } from './recurrence';

const STATIC = new Map<string, MessageDescriptor>([
  [
    EXPENSE_FORM_EMPTY_MESSAGE,
    msg`Please fill in description, amount (>0), and select participants.`,
  ],
  [EXPENSE_MESSAGES.descriptionEmpty, msg`Please enter a description.`],
  [EXPENSE_MESSAGES.descriptionTooLong, msg`Description must be at most 255 characters.`],
  [EXPENSE_MESSAGES.noPayers, msg`At least one payer is required.`],
  [EXPENSE_MESSAGES.tooManyPayers, msg`An expense can have at most ${MAX_PAYERS} payers.`],
  [EXPENSE_MESSAGES.payerUser, msg`Please select a valid user for each payer.`],
  [EXPENSE_MESSAGES.noSplits, msg`Please select at least one person to split the expense with.`],
  [
    EXPENSE_MESSAGES.tooManySplits,
    msg`An expense can be split between at most ${MAX_SPLITS} people.`,
  ],
  [EXPENSE_MESSAGES.splitUser, msg`Please select a valid user for each person in the split.`],
  [EXPENSE_MESSAGES.notesTooLong, msg`Notes must be at most 2000 characters.`],
  [EXPENSE_MESSAGES.duplicatePayer, msg`Each person can appear only once among the payers.`],
  [EXPENSE_MESSAGES.duplicateSplit, msg`Each person can appear only once in the split.`],
  [EXPENSE_MESSAGES.percentagesSum, msg`Percentages must add up to 100.`],
  [EXPENSE_MESSAGES.sharesAllZero, msg`At least one person must have a positive number of shares.`],
  [MSG_INVALID_AMOUNT, msg`Please enter a valid positive amount.`],
  [MSG_TOO_MANY_DECIMALS, msg`Amounts can have at most 2 decimal places.`],
  [MSG_AMOUNT_TOO_LARGE, msg`Amount must be at most 99,999,999.99.`],
  [MSG_INVALID_DATE, msg`Please enter a valid date (YYYY-MM-DD).`],
  [MSG_INVALID_RATE, msg`Please enter a valid exchange rate (a positive number).`],
  [MSG_RATES_UNAVAILABLE, msg`Exchange rates cannot be fetched right now. Please enter the rate.`],
  [RECURRENCE_MESSAGES.frequency, msg`Please choose how often the expense repeats.`],
  [RECURRENCE_MESSAGES.timeZone, msg`Please choose a valid time zone.`],
  [RECURRENCE_MESSAGES.endBeforeStart, msg`The end date must be on or after the first date.`],
  [RECURRENCE_MESSAGES.endBoth, msg`Choose an end date or a number of times, not both.`],
  [FORM_MESSAGES.endDateMissing, msg`Please choose an end date.`],
  [FORM_MESSAGES.endCountMissing, msg`Please enter how many times.`],
  [ITEM_SPLIT_MESSAGES.noItems, msg`Add at least one item.`],
  [ITEM_SPLIT_MESSAGES.notPositive, msg`The items must add up to more than zero.`],
  [ITEM_AMOUNT_FIRST, msg`Please enter the expense amount first.`],
]);

/** Core's sentences that carry values, read back into the translated message. */
/** An unnamed item of Split by item ("Item 2", as lib/itemSplit.ts names it) in words. */
function itemName(i18n: I18n, name: string): string {
  const unnamed = /^Item (\d+)$/.exec(name);
  const number = unnamed?.[1];
  return number === undefined ? name : i18n._(msg`Item ${number}`);
}

const PATTERNS: ReadonlyArray<[RegExp, (a: string, b: string, i18n: I18n) => MessageDescriptor]> = [
  [
    /^Total amount paid \((.+)\) must equal the expense amount \((.+)\)\.$/,
    (paid, amount) => msg`Total amount paid (${paid}) must equal the expense amount (${amount}).`,
  ],
  [
    /^Sum of exact split amounts \((.+)\) must equal the expense amount \((.+)\)\.$/,
    (sum, amount) =>
      msg`Sum of exact split amounts (${sum}) must equal the expense amount (${amount}).`,
  ],
  [
    /^Please enter a valid exact value for each person\.$/,
    () => msg`Please enter a valid exact value for each person.`,
  ],
  [
    /^Please enter a valid percentage value for each person\.$/,
    () => msg`Please enter a valid percentage value for each person.`,
  ],
  [
    /^Please enter a valid share value for each person\.$/,
    () => msg`Please enter a valid share value for each person.`,
  ],
  [
    /^Amounts in (\S+) can have at most (\d+) decimal places\.$/,
    (currency, digits) => msg`Amounts in ${currency} can have at most ${digits} decimal places.`,
  ],
  [/^Amount must be at most (.+)\.$/, (max) => msg`Amount must be at most ${max}.`],
  [
    /^The number of times must be a whole number from 1 to (\d+)\.$/,
    (max) => msg`The number of times must be a whole number from 1 to ${max}.`,
  ],
  [
    /^Please assign "(.*)" to at least one person\.$/,
    (name, _, i18n) => {
      const item = itemName(i18n, name);
      return msg`Please assign "${item}" to at least one person.`;
    },
  ],
  [
    /^Please enter a price for "(.*)"\.$/,
    (name, _, i18n) => {
      const item = itemName(i18n, name);
      return msg`Please enter a price for "${item}".`;
    },
  ],
  [
    /^Please enter the amount charged in (\S+)\.$/,
    (currency) => msg`Please enter the amount charged in ${currency}.`,
  ],
];

/** One of the expense form's problems in the page's language. */
export function expenseProblemText(i18n: I18n, message: string): string {
  const known = STATIC.get(message);
  if (known !== undefined) return i18n._(known);
  for (const [pattern, make] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return i18n._(make(match[1] ?? '', match[2] ?? '', i18n));
  }
  return message;
}

/** Every problem of a form, by field, in the page's language. */
export function translateProblems<K extends string>(
  i18n: I18n,
  problems: Partial<Record<K, string | undefined>>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(problems) as K[]) {
    const text = problems[key];
    if (text !== undefined) out[key] = expenseProblemText(i18n, text);
  }
  return out;
}
