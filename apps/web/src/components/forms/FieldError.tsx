import { WarningIcon } from '../icons';

/**
 * A field's problem, shown right under it. The field names it in `aria-describedby` (see
 * useFieldErrors), so a screen reader reads it with the field when focus lands there.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm text-danger">
      <WarningIcon className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
