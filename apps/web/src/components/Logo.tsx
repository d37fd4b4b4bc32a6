/** The name, the same in every language (a placeholder in messages, never translated). */
export const APP_NAME = 'Evenly';

/** The Evenly mark: two equal halves of a rounded square. */
export function Logo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" className="fill-primary" />
      <path d="M19 25h26M19 39h26" stroke="white" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

export function Wordmark({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 text-xl font-extrabold tracking-tight">
      <Logo className="size-8" />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined} translate="no">
        {APP_NAME}
      </span>
    </span>
  );
}
