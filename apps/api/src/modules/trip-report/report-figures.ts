// The trip report's per-person figures that come from walking the entries (issue #33 point 3):
// payments made and received and each person's net, per currency, booked exactly as the ledger
// books them (each share owed to the payers pro rata, §5.2), so that over the whole history the
// nets equal GET /balances to the cent; and the payments that settle them, by the same debt
// simplification the settle-up screen uses. Integer minor units throughout; no I/O.
import { simplifyDebts } from '@evenly/core';
import type { Transfer } from '@evenly/core';
import { expenseEffectDebts } from '../ledger/index.js';

export interface PersonFigures {
  /** Payments this person made to others (minor units). */
  sentCents: number;
  /** Payments others made to this person. */
  receivedCents: number;
  /** + = gets money back, − = owes. */
  netCents: number;
}

export interface ExpenseEffect {
  currency: string;
  payerUserIds: readonly number[];
  payerAmounts: readonly number[];
  splitUserIds: readonly number[];
  splitOwed: readonly number[];
}

export interface PaymentEffect {
  currency: string;
  paidById: number;
  paidToId: number;
  amountCents: number;
}

/** Running figures per currency and person; small (people × currencies), whatever the history. */
export class LedgerTotals {
  private readonly byCurrency = new Map<string, Map<number, PersonFigures>>();

  private person(currency: string, userId: number): PersonFigures {
    let people = this.byCurrency.get(currency);
    if (people === undefined) {
      people = new Map();
      this.byCurrency.set(currency, people);
    }
    let f = people.get(userId);
    if (f === undefined) {
      f = { sentCents: 0, receivedCents: 0, netCents: 0 };
      people.set(userId, f);
    }
    return f;
  }

  addExpense(e: ExpenseEffect): void {
    const debts = expenseEffectDebts(
      e.payerUserIds.map((userId, i) => ({ userId, amountPaidCents: e.payerAmounts[i] ?? 0 })),
      e.splitUserIds.map((userId, i) => ({ userId, owedCents: e.splitOwed[i] ?? 0 })),
    );
    // Everyone in the expense is listed, even at zero.
    for (const u of [...e.payerUserIds, ...e.splitUserIds]) this.person(e.currency, u);
    for (const d of debts) {
      this.person(e.currency, d.to).netCents += d.cents;
      this.person(e.currency, d.from).netCents -= d.cents;
    }
  }

  addPayment(p: PaymentEffect): void {
    const payer = this.person(p.currency, p.paidById);
    const payee = this.person(p.currency, p.paidToId);
    payer.sentCents += p.amountCents;
    payer.netCents += p.amountCents;
    payee.receivedCents += p.amountCents;
    payee.netCents -= p.amountCents;
  }

  currencies(): string[] {
    return [...this.byCurrency.keys()];
  }

  /** The figures of everyone in entries of `currency`. */
  people(currency: string): ReadonlyMap<number, PersonFigures> {
    return this.byCurrency.get(currency) ?? new Map();
  }

  /** The fewest payments that settle the nets of `currency` (empty when settled). */
  plan(currency: string): Transfer[] {
    return simplifyDebts(
      [...this.people(currency)].map(([userId, f]) => ({ userId, netCents: f.netCents })),
    );
  }
}
