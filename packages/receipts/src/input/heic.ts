/**
 * HEIC (HEVC-coded HEIF, as iPhones save photos): sharp's prebuilt libvips has no HEVC decoder,
 * so these are decoded with libheif compiled to WebAssembly (`libheif-js`, LGPL-3.0, with
 * libde265) — offline, no native code. The decoder runs in a worker thread that is ended after
 * each file, so the WebAssembly memory it grew is handed back instead of staying with the engine.
 *
 * The image size is read from the container before any pixel is decoded: beyond the pixel limit
 * the file is refused like any other decompression bomb. libheif applies the HEIF rotation and
 * mirroring itself, so the pixels come out upright.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { UnreadableReceiptError } from '../ocr/errors.js';
import type { RawInput } from './normalise.js';

type WorkerReply =
  { ok: true; width: number; height: number; data: Uint8Array } | { ok: false; reason: string };

// Plain CommonJS run by the worker (`eval`), so it needs no TypeScript loader in any setting.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const libheif = require(workerData.libheif);
(async () => {
  let decoder = null;
  let images = [];
  try {
    await libheif.ready;
    decoder = new libheif.HeifDecoder();
    images = decoder.decode(workerData.data) || [];
    if (images.length === 0) throw new Error('no image in the file');
    // The largest top-level image is the photo (others are thumbnails or previews).
    let image = images[0];
    for (const im of images)
      if (im.get_width() * im.get_height() > image.get_width() * image.get_height()) image = im;
    const width = image.get_width();
    const height = image.get_height();
    if (!(width > 0 && height > 0)) throw new Error('no dimensions');
    if (width * height > workerData.maxPixels) {
      parentPort.postMessage({ ok: false, reason: 'pixel limit' });
      return;
    }
    const data = new Uint8ClampedArray(width * height * 4);
    const done = await new Promise((resolve) =>
      image.display({ data, width, height }, (d) => resolve(Boolean(d))),
    );
    if (!done) throw new Error('HEIF decoding failed');
    const bytes = new Uint8Array(data.buffer);
    parentPort.postMessage({ ok: true, width, height, data: bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ ok: false, reason: 'decode failed: ' + (err && err.message ? err.message : String(err)) });
  } finally {
    for (const im of images) try { im.free(); } catch {}
    try { if (decoder) decoder.decoder.delete(); } catch {}
  }
})();
`;

const require = createRequire(import.meta.url);

/** RGBA pixels of a decoded HEIC/HEIF picture. */
export interface HeicPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The one HEIC decoder of Evenly (receipts here, profile pictures in the API): RGBA pixels, or
 * `{ ok: false }` with the reason ("pixel limit" beyond `maxPixels`, else "decode failed: …").
 */
export async function decodeHeicPixels(
  data: Uint8Array,
  maxPixels: number,
): Promise<{ ok: true; image: HeicPixels } | { ok: false; reason: string }> {
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { libheif: require.resolve('libheif-js/wasm-bundle'), data, maxPixels },
      stdout: true,
      stderr: true,
    });
  } catch (err) {
    return {
      ok: false,
      reason: `decode failed: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  try {
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      worker.once('message', (msg: WorkerReply) => resolve(msg));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`HEIC decoder stopped (${code})`)));
    });
    if (!reply.ok) return { ok: false, reason: reply.reason };
    return { ok: true, image: { data: reply.data, width: reply.width, height: reply.height } };
  } catch (err) {
    return {
      ok: false,
      reason: `decode failed: ${err instanceof Error ? err.message : String(err)}`,
    };
  } finally {
    await worker.terminate();
  }
}

/** Decodes a HEIC/HEIF receipt to RGBA pixels; refuses images over `maxPixels`. */
export async function decodeHeic(data: Uint8Array, maxPixels: number): Promise<RawInput> {
  const result = await decodeHeicPixels(data, maxPixels);
  if (!result.ok) throw new UnreadableReceiptError(result.reason);
  return { ...result.image, channels: 4 };
}
