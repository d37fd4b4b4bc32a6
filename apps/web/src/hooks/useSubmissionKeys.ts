import { useState } from 'react';
import { type SubmissionKeys, submissionKeys } from '../lib/idempotency';

/**
 * Idempotency keys for the creates of one form (see `submissionKeys`), kept for the form's
 * lifetime so that pressing Save again after a failure reuses the key of the unchanged request.
 */
export function useSubmissionKeys(): SubmissionKeys {
  const [keys] = useState(() => submissionKeys());
  return keys;
}
