import { Component, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'react-router';

interface BoundaryProps {
  children: ReactNode;
}

interface ResettableProps extends BoundaryProps {
  /** A change of it clears a failure (the path: another screen gets its own chance). */
  resetKey: string;
}

interface BoundaryState {
  failed: boolean;
}

/**
 * Catches what a screen throws while it renders, above all a screen's code that cannot be
 * fetched (offline before the service worker holds every file, or a deploy that removed the old
 * files): without it React unmounts the whole app and leaves a blank page. Its texts are in the
 * always-loaded catalog (lingui.config.ts, WEB_PUBLIC), since the failed fetch may be a catalog.
 */
class Boundary extends Component<ResettableProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  // React itself reports the error on the console (its default onCaughtError).
  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  // Cleared on navigation rather than remounted by key: a key would remount every screen below
  // it at each navigation, losing their state.
  override componentDidUpdate(previous: ResettableProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col items-center gap-3 p-6 text-center"
      >
        <h1 className="text-xl font-bold">
          <Trans>This screen couldn’t be loaded</Trans>
        </h1>
        <p className="text-muted">
          <Trans>Check your connection and try again.</Trans>
        </p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
}

/** The boundary, cleared by a navigation so another screen gets its own chance. */
export function PageLoadBoundary({ children }: BoundaryProps) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
