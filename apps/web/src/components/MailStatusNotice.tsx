// Tells a person waiting for an account e-mail (verification, password reset) when it could not
// be sent: the page polls the mail's ticket (GET /auth/mail-status/{ticket}), backing off, until
// it is sent or given up. Nothing shows while all is well. The live region is there from the
// start, so screen readers announce the notice when it appears.
import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { authApi, type MailState } from '../api/auth';
import { isFinalMailState, mailStatusDelayMs } from '../lib/mailStatusPolling';
import { InfoIcon, WarningIcon } from './iconsBase';

function useMailState(ticket: string | null): MailState | null {
  // Kept with its ticket: a new ticket starts with nothing known.
  const [seen, setSeen] = useState<{ ticket: string; state: MailState } | null>(null);
  useEffect(() => {
    if (ticket === null) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const look = (n: number) => {
      timer = window.setTimeout(() => {
        authApi.mailStatus(ticket, controller.signal).then(
          (next) => {
            setSeen({ ticket, state: next });
            if (!isFinalMailState(next)) look(n + 1);
          },
          // Offline or the server away: ask again later, as if nothing had changed.
          () => {
            if (!controller.signal.aborted) look(n + 1);
          },
        );
      }, mailStatusDelayMs(n));
    };
    look(0);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [ticket]);
  return seen !== null && seen.ticket === ticket ? seen.state : null;
}

export function MailStatusNotice({ ticket }: { ticket: string | null }) {
  const state = useMailState(ticket);
  const failed = state === 'failed';
  const shown = state === 'retrying' || failed;
  return (
    <div role="status" aria-live="polite" className={shown ? undefined : 'sr-only'}>
      {shown ? (
        <div
          className={`flex items-start gap-2 rounded-xl border p-3 text-sm ${
            failed
              ? 'border-danger/40 bg-danger-soft text-danger'
              : 'border-primary/30 bg-primary-soft text-fg'
          }`}
        >
          {failed ? (
            <WarningIcon className="mt-0.5 size-4 shrink-0" />
          ) : (
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
          )}
          <p className="min-w-0 flex-1">
            {failed ? (
              <Trans>
                We could not send the e-mail. Please try again later or contact the administrator of
                this server.
              </Trans>
            ) : (
              <Trans>
                We could not send the e-mail yet. We will keep trying; you can also resend it later.
              </Trans>
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
