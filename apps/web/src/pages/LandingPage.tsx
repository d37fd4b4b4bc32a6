import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import desktopGroup from '../assets/landing/desktop-group.webp';
import desktopGroupDark from '../assets/landing/desktop-group-dark.webp';
import phoneExpenseForm from '../assets/landing/expense-form.webp';
import phoneGroupDetail from '../assets/landing/group-detail.webp';
import phoneGroups from '../assets/landing/groups.webp';
import phoneSplitDialog from '../assets/landing/split-dialog.webp';
import { CheckIcon, ExternalIcon } from '../components/icons';
import { InstallGuide } from '../components/InstallGuide';
import { APP_NAME, Wordmark } from '../components/Logo';
import { ThemeToggle } from '../components/ThemeToggle';
import { useSignUpOpen } from '../hooks/useConfig';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { FEATURES, README_URL, SELF_HOST_COMMANDS } from '../lib/landingContent';

// Screenshots from docs/screenshots as WebP (apps/web/scripts/landing-images.mjs), fetched
// only when scrolled near: they cost the sign-in page nothing.
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 440, height: 952 };
const PHONES = [
  { src: phoneGroups, caption: msg`Your groups and what you are owed` },
  { src: phoneGroupDetail, caption: msg`A group: balances and suggested payments` },
  { src: phoneExpenseForm, caption: msg`Adding an expense` },
  { src: phoneSplitDialog, caption: msg`Splitting by percentages (dark theme)` },
];

export default function LandingPage() {
  const { i18n, t } = useLingui();
  useDocumentTitle('');
  const signUpOpen = useSignUpOpen();
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-6xl items-center gap-1 px-4 py-3 sm:gap-2">
        <Link to="/" className="me-auto rounded-xl" aria-label={t`${APP_NAME} home`}>
          <Wordmark compact />
        </Link>
        {/* In the header from tablet width on; on a phone in the footer, where there is room. */}
        <LanguageSwitcher compact className="hidden sm:flex" />
        <InstallGuide />
        <ThemeToggle />
        <Link to="/login" className="btn-ghost px-3">
          <Trans>Sign in</Trans>
        </Link>
        {signUpOpen ? (
          <Link to="/register" className="btn-primary px-3 sm:px-4">
            <Trans>Sign up</Trans>
          </Link>
        ) : null}
      </header>
      <main className="mx-auto max-w-6xl px-4 pb-16">
        <section className="py-12 text-center sm:py-16">
          <p className="mx-auto mb-4 inline-flex rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-primary">
            <Trans>Open source · Self-hostable</Trans>
          </p>
          <h1 className="mx-auto max-w-2xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            <Trans>
              Share costs. <span className="text-primary">Stay even.</span>
            </Trans>
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
            <Trans>
              Evenly keeps track of what friends, flatmates and travel companions spend together:
              who paid, how it is split, in any currency, and who owes whom — to the cent.
            </Trans>
          </p>
          <div className="mt-8 flex justify-center gap-3">
            {signUpOpen ? (
              <Link to="/register" className="btn-primary px-6 text-base">
                <Trans>Get Started</Trans>
              </Link>
            ) : null}
            <Link
              to="/login"
              className={signUpOpen ? 'btn-secondary px-6 text-base' : 'btn-primary px-6 text-base'}
            >
              <Trans>Sign in</Trans>
            </Link>
          </div>
        </section>

        <figure className="mx-auto max-w-5xl">
          <img
            src={desktopGroup}
            {...DESKTOP}
            loading="lazy"
            decoding="async"
            alt={t`Evenly on a desktop: the list of groups, and beside it the chosen group’s balances, suggested payments and expenses.`}
            className="h-auto w-full rounded-2xl border border-border shadow-card dark:hidden"
          />
          <img
            src={desktopGroupDark}
            {...DESKTOP}
            loading="lazy"
            decoding="async"
            alt={t`Evenly on a desktop in the dark theme: the list of groups, and beside it the chosen group.`}
            className="hidden h-auto w-full rounded-2xl border border-border shadow-card dark:block"
          />
          <figcaption className="mt-3 text-center text-sm text-muted">
            <Trans>On a computer: your groups beside the one you are looking at.</Trans>
          </figcaption>
        </figure>

        <section aria-labelledby="features-title" className="mt-20">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
            <Trans>What it does</Trans>
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title.id} className="card flex gap-3 p-5">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <CheckIcon className="size-4" />
                </span>
                <div>
                  <h3 className="font-semibold">{i18n._(feature.title)}</h3>
                  <p className="mt-1 text-sm text-muted">{i18n._(feature.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="phones-title" className="mt-20">
          <h2 id="phones-title" className="text-center text-3xl font-bold tracking-tight">
            <Trans>On your phone</Trans>
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-center text-muted">
            <Trans>
              Install it from the browser and it opens like any other app, light or dark.
            </Trans>
          </p>
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
            {PHONES.map((shot) => (
              <li key={shot.src}>
                <figure>
                  <img
                    src={shot.src}
                    {...PHONE}
                    loading="lazy"
                    decoding="async"
                    alt={i18n._(shot.caption)}
                    className="mx-auto h-auto w-full max-w-56 rounded-3xl border border-border shadow-card"
                  />
                  <figcaption aria-hidden="true" className="mt-2 text-center text-sm text-muted">
                    {i18n._(shot.caption)}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="self-host-title"
          className="card mx-auto mt-20 max-w-3xl p-6 sm:p-8"
        >
          <h2 id="self-host-title" className="text-2xl font-bold tracking-tight">
            <Trans>Run your own</Trans>
          </h2>
          <p className="mt-2 text-muted">
            <Trans>
              Evenly is free software (AGPL-3.0). All it needs is Node.js 20 or later with npm: the
              embedded database needs no server. In a copy of the source code:
            </Trans>
          </p>
          <pre
            className="mt-4 rounded-xl bg-surface-2 p-4 text-start text-sm break-words whitespace-pre-wrap"
            dir="ltr"
          >
            <code>
              {SELF_HOST_COMMANDS.map((c, n) => (
                <span key={c.command}>
                  {n > 0 ? '\n\n' : null}
                  {i18n._(c.comment)}
                  {'\n'}
                  <span translate="no">{c.command}</span>
                </span>
              ))}
            </code>
          </pre>
          <p className="mt-4 text-muted">
            <Trans>
              PostgreSQL, e-mail, receipt storage on S3, backups and upgrades are described in the
              README, which comes with the source code.
            </Trans>
          </p>
          <a href={README_URL} target="_blank" rel="noreferrer" className="btn-secondary mt-4">
            <Trans>Read the README</Trans> <ExternalIcon className="size-4" />
          </a>
        </section>
      </main>
      <footer className="flex flex-col items-center gap-4 border-t border-border py-6 text-center text-sm text-muted">
        <LanguageSwitcher />
        <p>
          <Trans>Evenly · Free and open-source software (AGPL-3.0)</Trans>
        </p>
      </footer>
    </div>
  );
}
