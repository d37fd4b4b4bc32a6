// react-hook-form's resolver for a plain validation function of @evenly/core (the account
// forms: validation/auth-forms.ts), which returns the first problem of each field.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export function formResolver<T extends FieldValues>(
  validate: (values: T) => Partial<Record<Extract<keyof T, string>, string>>,
): Resolver<T> {
  return (values) => {
    const problems = validate(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(problems)) {
      if (typeof message === 'string') errors[field] = { type: 'validate', message };
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<T> };
  };
}
