import { useEffect, useId, useRef, useState } from 'react';
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
        <span className="hidden sm:inline">Install app</span>
        <span className="sr-only sm:hidden">Install app</span>
      </button>
      {open ? (
        <div id={panelId} className="card absolute right-0 z-30 mt-2 w-72 p-4 text-sm">
          <p className="font-semibold">Install Evenly on your phone</p>
          <p className="mt-1 text-muted">Watch a short guide for your device:</p>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <a
                className="btn-secondary w-full justify-between"
                href={INSTALL_GUIDE_ANDROID}
                target="_blank"
                rel="noreferrer"
              >
                Android guide <ExternalIcon className="size-4" />
              </a>
            </li>
            <li>
              <a
                className="btn-secondary w-full justify-between"
                href={INSTALL_GUIDE_IOS}
                target="_blank"
                rel="noreferrer"
              >
                iOS guide <ExternalIcon className="size-4" />
              </a>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
