import { Trans } from '@lingui/react/macro';

/** Placeholder rows with the same height as the content they stand for (no layout shift). */
export function SkeletonList({ rows = 3, height = 'h-16' }: { rows?: number; height?: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      {/* Said in words: a plain div may not carry an aria-label (axe aria-prohibited-attr). */}
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`skeleton ${height}`} />
      ))}
    </div>
  );
}

export function SkeletonLine({ width = 'w-40' }: { width?: string }) {
  return <span className={`skeleton inline-block h-5 align-middle ${width}`} aria-hidden="true" />;
}
