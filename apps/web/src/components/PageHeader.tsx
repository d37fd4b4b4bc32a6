import { useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeftIcon } from './icons';
import { DetailPaneContext } from './layout/detailPane';
import { NotificationBell } from './NotificationBell';

interface PageHeaderProps {
  title: string;
  back?: string;
  actions?: ReactNode;
  /** 2 for a list shown beside the page that holds the h1 (desktop split layout). */
  level?: 1 | 2;
  /**
   * On a phone, the title on a row of its own under the back link and the actions (a name
   * someone typed, of any length, beside several actions would be squeezed to a word a line).
   */
  titleBelowOnPhone?: boolean;
}

/** The top of every app page: back link, title, the page's actions and the notification bell. */
export function PageHeader({
  title,
  back,
  actions,
  level = 1,
  titleBelowOnPhone = false,
}: PageHeaderProps) {
  // Beside its list (desktop), a page needs no way back to it; the bell is in the side navigation.
  const { t } = useLingui();
  const listBeside = useContext(DetailPaneContext);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header
      className={`mb-4 flex min-h-12 items-center gap-2 ${titleBelowOnPhone ? 'flex-wrap' : ''}`}
    >
      {back && back !== listBeside ? (
        <Link
          to={back}
          className="-ms-2 flex size-11 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg"
          aria-label={t`Back`}
        >
          <ChevronLeftIcon className="size-6" />
        </Link>
      ) : null}
      {/* The whole title, on two lines if need be ("Lisbon and Porto with the cousins 2026" on a
          phone), never cut to "Lisbon…"; a long single word breaks rather than overflow. */}
      <Heading
        className={`min-w-0 flex-1 text-2xl leading-tight font-bold tracking-tight [overflow-wrap:anywhere] ${
          titleBelowOnPhone ? 'max-sm:order-last max-sm:basis-full' : ''
        }`}
      >
        {title}
      </Heading>
      {actions ? <div className="ms-auto flex shrink-0 items-center gap-1">{actions}</div> : null}
      <div className="lg:hidden">
        <NotificationBell />
      </div>
    </header>
  );
}
