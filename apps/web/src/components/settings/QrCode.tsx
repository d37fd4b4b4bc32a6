import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';

async function qrSvg(value: string): Promise<string> {
  const qr = await import('qrcode');
  return await qr.toString(value, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/**
 * A QR code of `value` as SVG (the `qrcode` package, loaded on first use). Always dark modules
 * on a white quiet zone, whatever the theme, so that cameras read it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const svg = useQuery({
    queryKey: ['qr-code', value],
    queryFn: () => qrSvg(value),
    staleTime: Infinity,
    gcTime: 60_000,
  });

  if (svg.isError) return <p className="text-sm text-danger">{t`Could not draw the QR code.`}</p>;
  if (svg.isPending) {
    return <div className="skeleton size-48 rounded-xl" aria-hidden="true" />;
  }
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="invite-qr"
      className="size-48 overflow-hidden rounded-xl bg-white [&>svg]:size-full"
      // The SVG is generated locally from the link text by the qrcode package.
      dangerouslySetInnerHTML={{ __html: svg.data }}
    />
  );
}
