import { useEffect } from 'react';

/** Sets the tab's title; `null` leaves it to another page (a list shown beside its detail). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} · Evenly` : 'Evenly';
  }, [title]);
}
