import { useLingui } from '@lingui/react/macro';
import { problemText } from '../../i18n/publicMessages';
import type { Problem } from '../../i18n/publicMessages';
import { WarningIcon } from '../iconsBase';

/**
 * A field's problem, shown right under it. The field names it in `aria-describedby` (see
 * useFieldErrors), so a screen reader reads it with the field when focus lands there. Core's
 * problems (message descriptors) are shown in the page's language.
 */
export function FieldError({ id, message }: { id: string; message: Problem | undefined }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm text-danger">
      <WarningIcon className="mt-0.5 size-4 shrink-0" />
      <span>{problemText(i18n, message)}</span>
    </p>
  );
}
