import type { ReactNode } from 'react';

/** The heading of a section of the group page, which names the section (aria-labelledby). */
export function GroupSectionTitle({ children, id }: { children: ReactNode; id: string }) {
  return (
    <h2 id={id} className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
      {children}
    </h2>
  );
}
