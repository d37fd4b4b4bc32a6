import { useCallback, useEffect, useRef, useState } from 'react';
import type { Problem } from '../i18n/publicMessages';

/**
 * Problems by field (core's descriptors, the app's own, or a server's words); a field without one
 * is absent (or undefined).
 */
export type FieldProblems<F extends string> = Partial<Record<F, Problem | undefined>>;

/** The fields of `problems` that have one, in the order of `order`. */
function firstWithProblem<F extends string>(order: readonly F[], problems: FieldProblems<F>) {
  return order.find((field) => problems[field] !== undefined) ?? null;
}

/**
 * Per-field errors of a form (issue #13 point 2). `ids`: for each field, in the form's order, the
 * id of the control that takes focus for it; `errors`: the problems shown now (the form decides:
 * those of the last submit, or re-checked on every change after one). `describe` gives a control
 * its aria-invalid and aria-describedby, FieldError goes under the field with `errorId`, and
 * `focusFirst` moves focus to the first field with a problem once it is marked.
 */
export function useFieldErrors<F extends string, P extends Problem = Problem>(
  ids: Readonly<Record<F, string>>,
  errors: Partial<Record<F, P | undefined>>,
) {
  const latestIds = useRef(ids);
  const pending = useRef<F | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    latestIds.current = ids;
  });

  // After the render that marks the fields, so the error is read out with the field.
  useEffect(() => {
    const field = pending.current;
    if (field === null) return;
    pending.current = null;
    const element = document.getElementById(latestIds.current[field]);
    element?.focus();
    element?.scrollIntoView({ block: 'center' });
  }, [focusRequest]);

  /** Focuses the first field that has a problem in `problems`; true when there is one. */
  const focusFirst = useCallback((problems: FieldProblems<F>): boolean => {
    const first = firstWithProblem(Object.keys(latestIds.current) as F[], problems);
    if (first === null) return false;
    pending.current = first;
    setFocusRequest((n) => n + 1);
    return true;
  }, []);

  const errorId = (field: F) => `${ids[field]}-error`;

  /** aria-invalid and aria-describedby (after `describedBy`, e.g. a hint) for the control. */
  const describe = (field: F, describedBy?: string) => {
    const invalid = errors[field] !== undefined;
    const byIds = [describedBy, invalid ? errorId(field) : undefined].filter(Boolean).join(' ');
    return {
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': byIds === '' ? undefined : byIds,
    };
  };

  return { errors, focusFirst, describe, errorId };
}

/** What useFieldErrors gives a form, for the sections of it that mark their own fields. */
export type FieldErrors<F extends string> = ReturnType<typeof useFieldErrors<F>>;
