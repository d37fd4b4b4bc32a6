import { bankTransfer, formatIban, payLinks } from '@evenly/core';
import type { Cents } from '@evenly/core';
import type { PayMethods } from '../../api/types';
import { fromCents, formatMoney } from '../../lib/money';
import { ExternalIcon } from '../icons';
import { QrImage } from '../qr/QrImage';
import { useToast } from '../toast/toastContext';

/**
 * Settle-up's pay buttons (issue #33 point 2): the ways `payee` can be paid in `currency`
 * (@evenly/core payLinks and bankTransfer), each opening the service with the amount filled in
 * where it takes one; for a bank account in euros, the SEPA QR code (EPC069-12) and the IBAN to
 * copy. `onOpened` is told when the user leaves to pay, so the page can ask on their return.
 */
export function PayButtons({
  methods,
  amount,
  currency,
  payee,
  note,
  onOpened,
}: {
  methods: PayMethods;
  /** Minor units of `currency`, > 0. */
  amount: Cents;
  currency: string;
  payee: string;
  note: string;
  onOpened: () => void;
}) {
  const toast = useToast();
  const links = payLinks(methods, amount, currency, note, payee);
  const bank = bankTransfer(methods, amount, currency, note);
  if (links.length === 0 && bank === null) return null;
  const money = formatMoney(fromCents(amount, currency), currency);

  const copyIban = async (iban: string) => {
    onOpened();
    try {
      await navigator.clipboard.writeText(iban);
      toast.success('IBAN copied.');
    } catch {
      toast.error('Could not copy: select the IBAN and copy it yourself.');
    }
  };

  return (
    <section
      aria-labelledby="pay-now-title"
      className="flex flex-col gap-3 rounded-xl border border-border p-3"
    >
      <div>
        <h2 id="pay-now-title" className="font-semibold">
          Pay {payee} now
        </h2>
        <p className="text-sm text-muted">
          Opens the payment with {money} filled in where the service allows. Come back here to
          record it.
        </p>
      </div>
      {links.map((link) => (
        <div key={link.kind} className="flex flex-col gap-1">
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-secondary inline-flex items-center justify-center gap-2"
            onClick={onOpened}
          >
            Pay {money} with {link.service}
            <ExternalIcon className="size-4" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          {!link.amountFilled ? (
            <p className="text-xs text-muted">Type {money} there: this link cannot carry it.</p>
          ) : null}
          {link.webHref !== null ? (
            <a
              href={link.webHref}
              target="_blank"
              rel="noopener noreferrer"
              className="text-xs text-primary underline"
              onClick={onOpened}
            >
              No {link.service} app? Pay on the {link.service} website
            </a>
          ) : null}
        </div>
      ))}
      {bank !== null ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Pay {money} by bank transfer</h3>
          {bank.epcPayload !== null ? (
            <>
              <QrImage
                text={bank.epcPayload}
                label={`SEPA transfer QR code: ${money} to ${bank.account.holder}`}
              />
              <p className="text-center text-xs text-muted">
                Scan it with your banking app: the transfer comes filled in.
              </p>
            </>
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">Account holder</dt>
            <dd>{bank.account.holder}</dd>
            <dt className="text-muted">IBAN</dt>
            <dd className="font-mono break-all" data-testid="payee-iban">
              {formatIban(bank.account.iban)}
            </dd>
            {bank.account.bic !== null ? (
              <>
                <dt className="text-muted">BIC</dt>
                <dd className="font-mono">{bank.account.bic}</dd>
              </>
            ) : null}
          </dl>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void copyIban(bank.account.iban)}
          >
            Copy IBAN
          </button>
        </div>
      ) : null}
    </section>
  );
}
