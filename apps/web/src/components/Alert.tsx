import type { ReactNode } from 'react';
import { InfoIcon, WarningIcon } from './iconsBase';

/** Inline message box: errors are announced with role=alert. */
export function Alert({
  kind = 'error',
  children,
}: {
  kind?: 'error' | 'info' | 'success';
  children: ReactNode;
}) {
  const styles =
    kind === 'error'
      ? 'border-danger/40 bg-danger-soft text-danger'
      : kind === 'success'
        ? 'border-owed/40 bg-primary-soft text-owed'
        : 'border-primary/30 bg-primary-soft text-fg';
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-xl border p-3 text-sm ${styles}`}
    >
      {kind === 'error' ? (
        <WarningIcon className="mt-0.5 size-4 shrink-0" />
      ) : (
        <InfoIcon className="mt-0.5 size-4 shrink-0" />
      )}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
