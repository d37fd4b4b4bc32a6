// Words for queued writes (offline/outbox.ts): a label and one line for the lists, and the whole
// entry as text to copy when the server cannot take it. Made when the write is queued, from
// what the form knew, so that the outbox shows them without the cache or the server.
import type { ExpenseRequest, PaymentRequest, SettleRequest } from '../api/types';
import { SPLIT_LABELS } from '../lib/expenseForm';
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
  if (id === meId) return 'you';
  return people.find((p) => p.id === id)?.name ?? `person #${String(id)}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function describeExpense(
  request: ExpenseRequest,
  people: readonly Person[],
  meId: number,
  groupName: string | null,
  receipt: { name: string } | null,
): Described {
  const total = money(request.amount, request.currency);
  const payers = request.payers.map((p) => nameOf(people, p.userId, meId));
  const split = request.splits.map((s) => nameOf(people, s.userId, meId));
  const lines = [
    `${request.description}: ${total}`,
    `Date: ${formatDate(request.date)}`,
    `Group: ${groupName ?? 'No group'}`,
    `Paid by: ${request.payers
      .map((p) => `${nameOf(people, p.userId, meId)} ${money(p.amountPaid, request.currency)}`)
      .join(', ')}`,
    `Split ${SPLIT_LABELS[request.splitType].toLowerCase()} between: ${request.splits
      .map((s) =>
        request.splitType === 'EQUAL' || s.value === null
          ? nameOf(people, s.userId, meId)
          : `${nameOf(people, s.userId, meId)} (${String(s.value)})`,
      )
      .join(', ')}`,
  ];
  if (request.notes) lines.push(`Notes: ${request.notes}`);
  if (receipt) lines.push(`Receipt: ${receipt.name}`);
  return {
    label: request.description,
    summary: `${total} · paid by ${payers.join(', ')} · split between ${String(split.length)}`,
    copyText: lines.join('\n'),
  };
}

export function describePayment(
  request: PaymentRequest,
  people: readonly Person[],
  meId: number,
): Described {
  const payer = nameOf(people, request.paidByUserId ?? meId, meId);
  const line = `${capital(payer)} paid ${nameOf(people, request.paidToUserId, meId)}`;
  const total = money(request.amount, request.currency);
  return {
    label: line,
    summary: `${total} · ${formatDate(request.date)}`,
    copyText: `${line} ${total} on ${formatDate(request.date)}`,
  };
}

export function describeSettle(request: SettleRequest, other: Person): Described {
  const line = request.direction === 'I_PAID' ? `You paid ${other.name}` : `${other.name} paid you`;
  const total = money(request.amount, request.currency);
  return {
    label: line,
    summary: `${total} · ${formatDate(request.date)}`,
    copyText: `${line} ${total} on ${formatDate(request.date)}`,
  };
}

export function describeComment(content: string, expenseLabel: string): Described {
  return {
    label: content,
    summary: `Comment on “${expenseLabel}”`,
    copyText: content,
  };
}
