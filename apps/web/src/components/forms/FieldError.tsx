import { useLingui } from '@lingui/react/macro';
import { fieldMessage } from '../../i18n/publicMessages';
import { WarningIcon } from '../iconsBase';

/**
 * A field's problem, shown right under it. The field names it in `aria-describedby` (see
 * useFieldErrors), so a screen reader reads it with the field when focus lands there. Core's
 * English sentences for the account forms are shown in the page's language.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm text-danger">
      <WarningIcon className="mt-0.5 size-4 shrink-0" />
      <span>{fieldMessage(i18n, message)}</span>
    </p>
  );
}
