// react-hook-form's resolver for a plain validation function of @evenly/core (the account
// forms: validation/auth-forms.ts), which returns the first problem of each field as a message
// descriptor: the resolver words it in the page's language.
import type { I18n } from '@lingui/core';
import type { Message } from '@evenly/core';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export function formResolver<T extends FieldValues>(
  validate: (values: T) => Partial<Record<Extract<keyof T, string>, Message>>,
  i18n: I18n,
): Resolver<T> {
  return (values) => {
    const problems = validate(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(problems) as [string, Message | undefined][]) {
      if (message !== undefined) errors[field] = { type: 'validate', message: i18n._(message) };
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<T> };
  };
}
