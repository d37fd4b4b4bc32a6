import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * "Did you pay?" on coming back (issue #33 point 2): `leave(value)` notes that the user went off
 * to pay (a pay link opened, the IBAN copied); once the tab has been hidden and is visible again,
 * `question` is that value until `dismiss`. The note is kept in a ref, so a tab hidden before
 * React has re-rendered still counts.
 */
export function useAskOnReturn<T>(): {
  leave: (value: T) => void;
  question: T | null;
  dismiss: () => void;
} {
  const pending = useRef<{ value: T; hidden: boolean } | null>(null);
  const [question, setQuestion] = useState<T | null>(null);

  useEffect(() => {
    const onChange = () => {
      const p = pending.current;
      if (p === null) return;
      if (document.visibilityState === 'hidden') {
        p.hidden = true;
      } else if (p.hidden) {
        pending.current = null;
        setQuestion(() => p.value);
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  const leave = useCallback((value: T) => {
    pending.current = { value, hidden: document.visibilityState === 'hidden' };
  }, []);
  const dismiss = useCallback(() => setQuestion(null), []);
  return { leave, question, dismiss };
}
