import { Trans, useLingui } from '@lingui/react/macro';
import { CameraIcon } from '../icons';

interface ReceiptFieldProps {
  file: File | null;
  scanning: boolean;
  existingUrl: string | null;
  onSelect: (file: File) => void;
  /** Drops the stored receipt when the expense is saved. */
  onRemoveExisting?: () => void;
}

/** Optional receipt (image or PDF); choosing one starts a scan that fills the form. */
export function ReceiptField({
  file,
  scanning,
  existingUrl,
  onSelect,
  onRemoveExisting,
}: ReceiptFieldProps) {
  const { t } = useLingui();
  return (
    <div>
      <label htmlFor="receipt-file" className="label">
        <Trans>Receipt (optional)</Trans>
      </label>
      <label
        htmlFor="receipt-file"
        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-dashed border-border bg-surface-2 px-3 py-2 text-sm hover:border-primary"
      >
        <CameraIcon className="size-5 shrink-0 text-primary" />
        {/* A file's name (any length) is cut with an ellipsis and named in full by `title`; the
            field's own words wrap, as long as a language makes them. */}
        {file && !scanning ? (
          <span className="min-w-0 flex-1 truncate" title={file.name} translate="no">
            {file.name}
          </span>
        ) : (
          <span className="min-w-0 flex-1">
            {scanning ? t`Scanning receipt...` : t`Choose an image or PDF to scan`}
          </span>
        )}
      </label>
      <input
        id="receipt-file"
        type="file"
        accept="image/*,application/pdf"
        className="sr-only"
        disabled={scanning}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onSelect(chosen);
          e.target.value = '';
        }}
      />
      {existingUrl && !file ? (
        <div className="mt-1 flex flex-wrap items-center gap-x-4">
          <a
            href={existingUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-block py-2 text-sm font-medium text-primary hover:underline"
          >
            <Trans>View current receipt</Trans>
          </a>
          {onRemoveExisting ? (
            <button
              type="button"
              className="btn-ghost min-h-11 px-2 text-sm text-danger"
              onClick={onRemoveExisting}
            >
              <Trans>Remove receipt</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
