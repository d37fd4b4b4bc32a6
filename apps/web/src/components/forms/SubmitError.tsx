import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  describeSubmitError,
  HINT_CHECK_CONNECTION,
  HINT_CONNECT,
  HINT_RETRY_SOON,
  MSG_OFFLINE,
  MSG_UNREACHABLE,
  MSG_WENT_WRONG,
} from '../../lib/submitError';
import { Alert } from '../Alert';
import type { SubmitFailure } from '../../hooks/useSubmitFailure';

/** describeSubmitError's own English sentences, in the page's language (the server's are kept). */
const WORDS = new Map<string, MessageDescriptor>([
  [MSG_OFFLINE, msg`You're offline.`],
  [MSG_UNREACHABLE, msg`The server could not be reached.`],
  [HINT_CHECK_CONNECTION, msg`Check your connection, then retry.`],
  [HINT_CONNECT, msg`Connect to the internet, then retry.`],
  [HINT_RETRY_SOON, msg`Retry in a moment.`],
  [MSG_WENT_WRONG, msg`Something went wrong.`],
]);

function words(i18n: I18n, text: string): string {
  const descriptor = WORDS.get(text);
  return descriptor === undefined ? text : i18n._(descriptor);
}

/**
 * Why a save failed, in words ("You're offline.", "The server could not be reached." or the
 * server's message), with Retry where sending the same request again can help. Retry submits the
 * unchanged form again: a create reuses its Idempotency-Key, so it is saved once at most.
 */
export function SubmitError({
  failure,
  onRetry,
  retrying = false,
}: {
  failure: SubmitFailure | null;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { i18n } = useLingui();
  if (failure === null) return null;
  const problem = describeSubmitError(failure.error, failure.online);
  return (
    <Alert>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{words(i18n, problem.message)}</p>
          {problem.hint ? <p className="text-fg">{words(i18n, problem.hint)}</p> : null}
        </div>
        {problem.retryable ? (
          <button
            type="button"
            className="btn-secondary min-h-11 px-3"
            onClick={onRetry}
            disabled={retrying}
          >
            {retrying ? <Trans>Retrying…</Trans> : <Trans>Retry</Trans>}
          </button>
        ) : null}
      </div>
    </Alert>
  );
}
