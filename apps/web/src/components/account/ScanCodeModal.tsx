import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { evenlyLinkPath } from '../../lib/evenlyLinks';
import { Alert } from '../Alert';
import { FormField } from '../FormField';
import { APP_NAME } from '../Logo';
import { Modal } from '../Modal';

const NOT_EVENLY = msg`That code is not an ${APP_NAME} invite.`;
const SCAN_INTERVAL_MS = 250;
/** The paste field's example: a link's shape, not words. */
const LINK_EXAMPLE = 'https://…/add-friend/…';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

type CameraState =
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'unavailable'; message: MessageDescriptor };

/** A decoder for video frames: the browser's BarcodeDetector, else jsQR on canvas frames. */
async function createDecoder(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const ctor = (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if ('BarcodeDetector' in window && ctor) {
    const detector = new ctor({ formats: ['qr_code'] });
    return async (video) => {
      const codes = await detector.detect(video);
      return codes[0]?.rawValue ?? null;
    };
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!context || width === 0 || height === 0) return Promise.resolve(null);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return Promise.resolve(jsQR(image.data, width, height)?.data ?? null);
  };
}

function cameraProblem(error: unknown): MessageDescriptor {
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError' || error.name === 'SecurityError') {
      return msg`Camera access was denied. You can paste a link instead.`;
    }
    if (error.name === 'NotFoundError' || error.name === 'OverconstrainedError') {
      return msg`No camera was found on this device. You can paste a link instead.`;
    }
  }
  return msg`The camera could not be started. You can paste a link instead.`;
}

/** Scan an Evenly QR code with the camera, or paste a link; a recognised link opens. */
export function ScanCodeModal({ onClose }: { onClose: () => void }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>(() =>
    typeof navigator.mediaDevices?.getUserMedia === 'function'
      ? { status: 'starting' }
      : {
          status: 'unavailable',
          message: msg`This browser cannot use the camera here. You can paste a link instead.`,
        },
  );
  const [scanError, setScanError] = useState<MessageDescriptor | null>(null);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | undefined>();

  const open = (path: string) => {
    onClose();
    void navigate(path);
  };
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });

  useEffect(() => {
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    let lastRejected = '';

    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        const node = video.current;
        if (!node) return;
        node.srcObject = stream;
        await node.play();
        const decode = await createDecoder();
        if (stopped) return;
        setCamera({ status: 'scanning' });
        const tick = async () => {
          if (stopped) return;
          try {
            const text = await decode(node);
            if (text !== null && !stopped) {
              const path = evenlyLinkPath(text, window.location.origin);
              if (path) {
                openRef.current(path);
                return;
              }
              if (text !== lastRejected) {
                lastRejected = text;
                setScanError(NOT_EVENLY);
              }
            }
          } catch {
            /* a frame that could not be read: try the next one */
          }
          if (!stopped) timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        if (!stopped) setCamera({ status: 'unavailable', message: cameraProblem(error) });
      }
    };
    void start();

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = evenlyLinkPath(pasted, window.location.origin);
    if (!path) {
      setPasteError(pasted.trim() ? i18n._(NOT_EVENLY) : t`Please paste a link.`);
      return;
    }
    open(path);
  };

  return (
    <Modal title={t`Scan code`} onClose={onClose} size="sm">
      <div className="flex flex-col gap-4">
        {camera.status === 'unavailable' ? (
          <Alert kind="info">{i18n._(camera.message)}</Alert>
        ) : (
          <div className="flex flex-col gap-2">
            <div className="relative mx-auto aspect-square w-full max-w-72 overflow-hidden rounded-2xl bg-black">
              <video
                ref={video}
                className="size-full object-cover"
                muted
                playsInline
                aria-label={t`Camera preview`}
              />
            </div>
            <p className="text-center text-sm text-muted" role="status">
              {camera.status === 'starting' ? (
                <Trans>Starting the camera…</Trans>
              ) : (
                <Trans>Point the camera at an {APP_NAME} QR code.</Trans>
              )}
            </p>
          </div>
        )}
        {scanError ? <Alert>{i18n._(scanError)}</Alert> : null}
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <FormField
            label={t`Paste a link`}
            type="url"
            inputMode="url"
            placeholder={LINK_EXAMPLE}
            translate="no"
            value={pasted}
            error={pasteError}
            onChange={(e) => {
              setPasted(e.target.value);
              setPasteError(undefined);
            }}
          />
          <button type="submit" className="btn-primary w-full">
            <Trans>Open link</Trans>
          </button>
        </form>
      </div>
    </Modal>
  );
}
