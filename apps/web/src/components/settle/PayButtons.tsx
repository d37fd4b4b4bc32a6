import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const toast = useToast();
  const links = payLinks(methods, amount, currency, note, payee);
  const bank = bankTransfer(methods, amount, currency, note);
  if (links.length === 0 && bank === null) return null;
  const money = formatMoney(fromCents(amount, currency), currency);
  const holder = bank?.account.holder ?? '';

  const copyIban = async (iban: string) => {
    onOpened();
    try {
      await navigator.clipboard.writeText(iban);
      toast.success(t`IBAN copied.`);
    } catch {
      toast.error(t`Could not copy: select the IBAN and copy it yourself.`);
    }
  };

  return (
    <section
      aria-labelledby="pay-now-title"
      className="flex flex-col gap-3 rounded-xl border border-border p-3"
    >
      <div>
        <h2 id="pay-now-title" className="font-semibold">
          <Trans>Pay {payee} now</Trans>
        </h2>
        <p className="text-sm text-muted">
          <Trans>
            Opens the payment with {money} filled in where the service allows. Come back here to
            record it.
          </Trans>
        </p>
      </div>
      {links.map((link) => {
        const service = link.service;
        return (
          <div key={link.kind} className="flex flex-col gap-1">
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-secondary inline-flex items-center justify-center gap-2"
              onClick={onOpened}
            >
              {t`Pay ${money} with ${service}`}
              <ExternalIcon className="size-4" />
              <span className="sr-only"> {t`(opens in a new tab)`}</span>
            </a>
            {!link.amountFilled ? (
              <p className="text-xs text-muted">
                <Trans>Type {money} there: this link cannot carry it.</Trans>
              </p>
            ) : null}
            {link.webHref !== null ? (
              <a
                href={link.webHref}
                target="_blank"
                rel="noopener noreferrer"
                className="text-xs text-primary underline"
                onClick={onOpened}
              >
                <Trans>
                  No {service} app? Pay on the {service} website
                </Trans>
              </a>
            ) : null}
          </div>
        );
      })}
      {bank !== null ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">
            <Trans>Pay {money} by bank transfer</Trans>
          </h3>
          {bank.epcPayload !== null ? (
            <>
              <QrImage
                text={bank.epcPayload}
                label={t`SEPA transfer QR code: ${money} to ${holder}`}
              />
              <p className="text-center text-xs text-muted">
                <Trans>Scan it with your banking app: the transfer comes filled in.</Trans>
              </p>
            </>
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted">
              <Trans>Account holder</Trans>
            </dt>
            <dd translate="no">{bank.account.holder}</dd>
            <dt className="text-muted" translate="no">
              IBAN
            </dt>
            <dd className="font-mono break-all" data-testid="payee-iban" translate="no">
              {formatIban(bank.account.iban)}
            </dd>
            {bank.account.bic !== null ? (
              <>
                <dt className="text-muted" translate="no">
                  BIC
                </dt>
                <dd className="font-mono" translate="no">
                  {bank.account.bic}
                </dd>
              </>
            ) : null}
          </dl>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void copyIban(bank.account.iban)}
          >
            <Trans>Copy IBAN</Trans>
          </button>
        </div>
      ) : null}
    </section>
  );
}
