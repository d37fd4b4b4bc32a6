// Words for queued writes (offline/outbox.ts): a label and one line for the lists, and the whole
// entry as text to copy when the server cannot take it. Made when the write is queued, from
// what the form knew, so that the outbox shows them without the cache or the server.
import { t } from '@lingui/core/macro';
import type { ExpenseRequest, PaymentRequest, SettleRequest } from '../api/types';
import { formatDate } from '../lib/dates';
import { formatMoney } from '../lib/money';

export interface Person {
  id: number;
  name: string;
}

export interface Described {
  label: string;
  summary: string;
  copyText: string;
}

/** Display only: a request's plain decimal amount ("12.50") formatted in its currency. */
function money(amount: number | string, currency: string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? formatMoney(value, currency) : `${String(amount)} ${currency}`;
}

function nameOf(people: readonly Person[], id: number, meId: number): string {
  if (id === meId) return t`you`;
  const known = people.find((p) => p.id === id)?.name;
  return known ?? t`person #${id}`;
}

/** "Split equally between: you, Ana": one sentence per kind of split. */
function splitLine(type: ExpenseRequest['splitType'], people: string): string {
  switch (type) {
    case 'EQUAL':
      return t`Split equally between: ${people}`;
    case 'EXACT':
      return t`Split exact amounts between: ${people}`;
    case 'PERCENTAGE':
      return t`Split percentages between: ${people}`;
    default:
      return t`Split shares between: ${people}`;
  }
}

/**
 * Written in the language of the moment the write is queued: the outbox keeps these words and
 * shows them as they are.
 */
export function describeExpense(
  request: ExpenseRequest,
  people: readonly Person[],
  meId: number,
  groupName: string | null,
  receipt: { name: string } | null,
): Described {
  const total = money(request.amount, request.currency);
  const description = request.description;
  const payers = request.payers.map((p) => nameOf(people, p.userId, meId)).join(', ');
  const count = String(request.splits.length);
  const date = formatDate(request.date);
  const group = groupName ?? t`No group`;
  const paidBy = request.payers
    .map((p) => `${nameOf(people, p.userId, meId)} ${money(p.amountPaid, request.currency)}`)
    .join(', ');
  const shares = request.splits
    .map((s) =>
      request.splitType === 'EQUAL' || s.value === null
        ? nameOf(people, s.userId, meId)
        : `${nameOf(people, s.userId, meId)} (${String(s.value)})`,
    )
    .join(', ');
  const lines = [
    `${description}: ${total}`,
    t`Date: ${date}`,
    t`Group: ${group}`,
    t`Paid by: ${paidBy}`,
    splitLine(request.splitType, shares),
  ];
  const notes = request.notes;
  if (notes) lines.push(t`Notes: ${notes}`);
  const receiptName = receipt?.name;
  if (receiptName !== undefined) lines.push(t`Receipt: ${receiptName}`);
  return {
    label: request.description,
    summary: t`${total} · paid by ${payers} · split between ${count}`,
    copyText: lines.join('\n'),
  };
}

/** "You paid Ana", "Ana paid you", "Ana paid Ben". */
function paidLine(people: readonly Person[], payerId: number, payeeId: number, meId: number) {
  const payer = nameOf(people, payerId, meId);
  const payee = nameOf(people, payeeId, meId);
  if (payerId === meId) return t`You paid ${payee}`;
  if (payeeId === meId) return t`${payer} paid you`;
  return t`${payer} paid ${payee}`;
}

export function describePayment(
  request: PaymentRequest,
  people: readonly Person[],
  meId: number,
): Described {
  const line = paidLine(people, request.paidByUserId ?? meId, request.paidToUserId, meId);
  const total = money(request.amount, request.currency);
  const date = formatDate(request.date);
  return {
    label: line,
    summary: `${total} · ${date}`,
    copyText: t`${line} ${total} on ${date}`,
  };
}

export function describeSettle(request: SettleRequest, other: Person): Described {
  const payer = other.name;
  const payee = other.name;
  const line = request.direction === 'I_PAID' ? t`You paid ${payee}` : t`${payer} paid you`;
  const total = money(request.amount, request.currency);
  const date = formatDate(request.date);
  return {
    label: line,
    summary: `${total} · ${date}`,
    copyText: t`${line} ${total} on ${date}`,
  };
}

export function describeComment(content: string, expenseLabel: string): Described {
  return {
    label: content,
    summary: t`Comment on “${expenseLabel}”`,
    copyText: content,
  };
}
