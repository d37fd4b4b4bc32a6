import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalIcon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { INSTALL_GUIDE_ANDROID, INSTALL_GUIDE_IOS, RECEIPT_SCAN_GUIDE } from '../lib/links';

const GUIDES = [
  { title: msg`Install the app on Android`, href: INSTALL_GUIDE_ANDROID },
  { title: msg`Install the app on iPhone / iPad`, href: INSTALL_GUIDE_IOS },
  { title: msg`Scan a receipt to fill in an expense`, href: RECEIPT_SCAN_GUIDE },
];

export default function HelpPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Help`);
  return (
    <>
      <PageHeader title={t`Help`} back="/app/account" />
      <p className="mb-4 text-muted">
        <Trans>Short video guides (open in a new tab):</Trans>
      </p>
      <ul className="card divide-y divide-border">
        {GUIDES.map((guide) => (
          <li key={guide.href}>
            <a
              href={guide.href}
              target="_blank"
              rel="noreferrer"
              className="flex min-h-14 items-center justify-between gap-3 px-4 py-3 font-medium hover:bg-surface-2"
            >
              {i18n._(guide.title)}
              <ExternalIcon className="size-5 text-muted" />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
