import { useLingui } from '@lingui/react/macro';

/** `label`: what is loading, for screen readers ("Loading" when not given). */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" className="inline-flex items-center gap-2 text-muted">
      <span
        className="size-5 animate-spin rounded-full border-2 border-border border-t-primary"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </span>
  );
}

/** Full-screen placeholder while a route chunk or the session check loads. */
export function PageLoader() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" aria-busy="true">
      <Spinner />
    </div>
  );
}
