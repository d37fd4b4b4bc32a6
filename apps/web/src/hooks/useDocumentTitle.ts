import { useEffect } from 'react';
import { APP_NAME } from '../components/Logo';

/** Sets the tab's title; `null` leaves it to another page (a list shown beside its detail). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
