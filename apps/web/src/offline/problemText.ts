// A refused offline change in the page's language (issue #32 point 5). The outbox stores why the
// server refused it (OutboxProblem.reason, its code), not a sentence, so a problem kept in
// IndexedDB reads in whatever language the app speaks when it is shown.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { codeMessage } from '../lib/appErrors';
import type { OutboxKind, OutboxProblem } from './outboxTypes';

type Noun = 'expense' | 'payment';

const REASONS: Record<'deleted' | 'changed' | 'no-access', Record<Noun, MessageDescriptor>> = {
  deleted: {
    expense: msg`This expense was deleted while you were offline.`,
    payment: msg`This payment was deleted while you were offline.`,
  },
  changed: {
    expense: msg`Someone else changed this expense while you were offline. Their version was kept.`,
    payment: msg`Someone else changed this payment while you were offline. Their version was kept.`,
  },
  'no-access': {
    expense: msg`You no longer have access to this expense.`,
    payment: msg`You no longer have access to this payment.`,
  },
};

const BLOCKED = msg`An earlier change you made to it offline could not be saved, so this one was not sent either.`;

/** What went wrong with a queued change, in the page's language. */
export function outboxProblemText(i18n: I18n, kind: OutboxKind, problem: OutboxProblem): string {
  const noun: Noun = kind === 'payment' || kind === 'settle' ? 'payment' : 'expense';
  const reason = problem.reason;
  // Stored before reasons were kept: the sentence it was stored with.
  if (reason === undefined) return problem.message;
  let text: string;
  if (reason === 'refused') {
    const known = problem.code === null ? undefined : codeMessage(problem.code);
    // In English the server's own sentence says more; elsewhere the code's words.
    text =
      i18n.locale === 'en' || known === undefined
        ? i18n.locale === 'en'
          ? problem.message
          : i18n._(msg`The server refused this change.`)
        : i18n._(known);
  } else {
    text = i18n._(REASONS[reason][noun]);
  }
  return problem.blocked === true ? `${text} ${i18n._(BLOCKED)}` : text;
}
