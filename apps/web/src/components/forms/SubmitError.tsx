import { Trans } from '@lingui/react/macro';
import { describeSubmitError } from '../../lib/submitError';
import { Alert } from '../Alert';
import type { SubmitFailure } from '../../hooks/useSubmitFailure';

/**
 * Why a save failed, in words (describeSubmitError's own sentences are in the page's language) ("You're offline.", "The server could not be reached." or the
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
  if (failure === null) return null;
  const problem = describeSubmitError(failure.error, failure.online);
  return (
    <Alert>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{problem.message}</p>
          {problem.hint ? <p className="text-fg">{problem.hint}</p> : null}
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
