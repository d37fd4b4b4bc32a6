import { Trans } from '@lingui/react/macro';
import { useServiceWorker } from '../hooks/useServiceWorker';

/** "New version available — Reload" when a new service worker is waiting. */
export function PwaUpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useServiceWorker();

  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="card fixed inset-x-3 bottom-24 z-[90] mx-auto flex max-w-md items-center gap-3 p-3 text-sm"
    >
      <p className="flex-1">
        <Trans>A new version of Evenly is available.</Trans>
      </p>
      <button type="button" className="btn-ghost" onClick={() => setNeedRefresh(false)}>
        <Trans>Later</Trans>
      </button>
      <button type="button" className="btn-primary" onClick={() => void updateServiceWorker()}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
