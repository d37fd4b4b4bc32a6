import { useEffect, useId, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { INSTALL_GUIDE_ANDROID, INSTALL_GUIDE_IOS, isStandalone } from '../lib/links';
import { DownloadIcon, ExternalIcon } from './icons';

/** Install-guide popover for the landing header; hidden when running as an installed app. */
export function InstallGuide() {
  const [open, setOpen] = useState(false);
  const [standalone] = useState(isStandalone);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onClick = (e: MouseEvent) => {
      if (wrapper.current && e.target instanceof Node && !wrapper.current.contains(e.target))
        setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (standalone) return null;
  return (
    <div ref={wrapper} className="relative">
      <button
        type="button"
        className="btn-ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <DownloadIcon className="size-5" />
        <span className="hidden sm:inline">
          <Trans>Install app</Trans>
        </span>
        <span className="sr-only sm:hidden">
          <Trans>Install app</Trans>
        </span>
      </button>
      {open ? (
        <div id={panelId} className="card absolute end-0 z-30 mt-2 w-72 p-4 text-sm">
          <p className="font-semibold">
            <Trans>Install Evenly on your phone</Trans>
          </p>
          <p className="mt-1 text-muted">
            <Trans>Watch a short guide for your device:</Trans>
          </p>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <a
                className="btn-secondary w-full justify-between"
                href={INSTALL_GUIDE_ANDROID}
                target="_blank"
                rel="noreferrer"
              >
                <Trans>Android guide</Trans> <ExternalIcon className="size-4" />
              </a>
            </li>
            <li>
              <a
                className="btn-secondary w-full justify-between"
                href={INSTALL_GUIDE_IOS}
                target="_blank"
                rel="noreferrer"
              >
                <Trans>iOS guide</Trans> <ExternalIcon className="size-4" />
              </a>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
