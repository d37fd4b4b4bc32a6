import { Link } from 'react-router';
import { CheckIcon } from '../components/icons';
import { InstallGuide } from '../components/InstallGuide';
import { Wordmark } from '../components/Logo';
import { ThemeToggle } from '../components/ThemeToggle';
import { useSignUpOpen } from '../hooks/useConfig';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { CURRENT_FEATURES, IN_DEVELOPMENT, ROADMAP } from '../lib/landingContent';

function FeatureList({ title, items, tone }: { title: string; items: string[]; tone: string }) {
  return (
    <section className="card p-5" aria-labelledby={`${tone}-title`}>
      <h2 id={`${tone}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-2 text-sm">
            <CheckIcon className={`mt-0.5 size-4 shrink-0 ${tone}`} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function LandingPage() {
  useDocumentTitle('');
  const signUpOpen = useSignUpOpen();
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-5xl items-center gap-1 px-4 py-3 sm:gap-2">
        <Link to="/" className="mr-auto rounded-xl" aria-label="Evenly home">
          <Wordmark compact />
        </Link>
        <InstallGuide />
        <ThemeToggle />
        <Link to="/login" className="btn-ghost px-3">
          Sign in
        </Link>
        {signUpOpen ? (
          <Link to="/register" className="btn-primary px-3 sm:px-4">
            Sign up
          </Link>
        ) : null}
      </header>
      <main className="mx-auto max-w-5xl px-4 pb-16">
        <section className="py-12 text-center sm:py-20">
          <p className="mx-auto mb-4 inline-flex rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-primary">
            Open source · Self-hostable
          </p>
          <h1 className="mx-auto max-w-2xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Share costs. <span className="text-primary">Stay even.</span>
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
            Evenly tracks shared expenses with friends and groups, splits them to the cent and shows
            who owes whom at a glance.
          </p>
          <div className="mt-8 flex justify-center gap-3">
            {signUpOpen ? (
              <Link to="/register" className="btn-primary px-6 text-base">
                Get Started
              </Link>
            ) : null}
            <Link
              to="/login"
              className={signUpOpen ? 'btn-secondary px-6 text-base' : 'btn-primary px-6 text-base'}
            >
              Sign in
            </Link>
          </div>
        </section>
        <div className="grid gap-4 md:grid-cols-3">
          <FeatureList title="Current features" items={CURRENT_FEATURES} tone="text-owed" />
          <FeatureList title="In development" items={IN_DEVELOPMENT} tone="text-primary" />
          <FeatureList title="Future roadmap" items={ROADMAP} tone="text-muted" />
        </div>
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted">
        Evenly · Free and open-source software (AGPL-3.0)
      </footer>
    </div>
  );
}
