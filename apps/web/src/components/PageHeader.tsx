import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon } from './icons';
import { NotificationBell } from './NotificationBell';

interface PageHeaderProps {
  title: string;
  back?: string;
  actions?: ReactNode;
}

/** The top of every app page: back link, title, the page's actions and the notification bell. */
export function PageHeader({ title, back, actions }: PageHeaderProps) {
  return (
    <header className="mb-4 flex min-h-12 items-center gap-2">
      {back ? (
        <Link
          to={back}
          className="-ml-2 flex size-11 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg"
          aria-label="Back"
        >
          <ChevronLeftIcon className="size-6" />
        </Link>
      ) : null}
      <h1 className="min-w-0 flex-1 truncate text-2xl font-bold tracking-tight">{title}</h1>
      {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
      <NotificationBell />
    </header>
  );
}
