import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError } from './forms/FieldError';
import type { Problem } from '../i18n/publicMessages';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: Problem | undefined;
  hint?: ReactNode;
}

/** Labelled input with an error line wired through aria-describedby. */
export function FormField({ label, error, hint, id, ...props }: FormFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="label">
        {label}
      </label>
      <input
        id={inputId}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
