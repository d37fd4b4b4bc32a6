import { useCallback, useState } from 'react';

/** A failed save: the error, and whether the browser had a connection when it failed. */
export interface SubmitFailure {
  error: unknown;
  online: boolean;
}

/** The last failed save of a form, for SubmitError; cleared when the form is sent again. */
export function useSubmitFailure() {
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const fail = useCallback((error: unknown) => {
    setFailure({ error, online: navigator.onLine });
  }, []);
  const clear = useCallback(() => setFailure(null), []);
  return { failure, fail, clear };
}
