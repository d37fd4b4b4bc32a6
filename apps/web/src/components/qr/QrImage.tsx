import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Spinner } from '../Spinner';

/**
 * `text` as a QR code (the `qrcode` package, loaded only when a code is shown), dark on white
 * in both themes so every camera reads it. Announced as one image named `label`.
 */
export function QrImage({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<
    { text: string; src: string } | { text: string; error: true }
  >();

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((QRCode) =>
        QRCode.toDataURL(text, {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 480,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((src) => {
        if (!cancelled) setState({ text, src });
      })
      .catch(() => {
        if (!cancelled) setState({ text, error: true });
      });
    return () => {
      cancelled = true;
    };
  }, [text]);

  const current = state?.text === text ? state : undefined;
  return (
    <div className="mx-auto flex size-60 items-center justify-center overflow-hidden rounded-2xl bg-white">
      {current === undefined ? (
        <Spinner label={t`Drawing the QR code`} />
      ) : 'src' in current ? (
        <div role="img" aria-label={label} className="size-60">
          <img src={current.src} alt="" className="block size-60" />
        </div>
      ) : (
        <p className="p-4 text-center text-sm text-red-700">
          <Trans>Could not draw the QR code.</Trans>
        </p>
      )}
    </div>
  );
}
