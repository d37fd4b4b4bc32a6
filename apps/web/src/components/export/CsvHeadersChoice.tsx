import { Trans } from '@lingui/react/macro';
import { APP_NAME } from '../Logo';

/**
 * The CSV export's column names: in the reader's language (the default), or Splitwise's English
 * ones, which Splitwise needs to import the file (issue #32).
 */
export function CsvHeadersChoice({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-primary"
        checked={checked}
        disabled={disabled}
        aria-describedby="csv-headers-hint"
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="block font-medium">
          <Trans>Splitwise-compatible column names (English)</Trans>
        </span>
        <span id="csv-headers-hint" className="block text-muted">
          <Trans>
            Splitwise needs its own English column names to import the file. Without this, the
            column names are in your language; {APP_NAME} imports either.
          </Trans>
        </span>
      </span>
    </label>
  );
}
