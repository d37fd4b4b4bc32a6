// HEIC pictures (HEVC-coded HEIF, as iPhones save photos): sharp's prebuilt libvips has no HEVC
// decoder, so these are decoded with libheif compiled to WebAssembly (`libheif-js`, the decoder
// the receipt scanner uses too) in a worker thread that is ended after each file, so the memory
// the decoder grew is handed back. libheif applies the HEIF rotation itself. The image size is
// checked before any pixel is decoded.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

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
    let image = images[0];
    for (const im of images)
      if (im.get_width() * im.get_height() > image.get_width() * image.get_height()) image = im;
    const width = image.get_width();
    const height = image.get_height();
    if (!(width > 0 && height > 0)) throw new Error('no dimensions');
    if (width * height > workerData.maxPixels) throw new Error('pixel limit');
    const data = new Uint8ClampedArray(width * height * 4);
    const done = await new Promise((resolve) =>
      image.display({ data, width, height }, (d) => resolve(Boolean(d))),
    );
    if (!done) throw new Error('HEIF decoding failed');
    const bytes = new Uint8Array(data.buffer);
    parentPort.postMessage({ ok: true, width, height, data: bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ ok: false, reason: err && err.message ? err.message : String(err) });
  } finally {
    for (const im of images) try { im.free(); } catch {}
    try { if (decoder) decoder.decoder.delete(); } catch {}
  }
})();
`;

const require = createRequire(import.meta.url);

/** True for an ISO-BMFF file of the HEIF family (`ftyp` box with a HEIF brand). */
export function looksLikeHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = Buffer.from(bytes.subarray(4, 12)).toString('latin1');
  return /^ftyp(hei[cmsx]|hev[cmsx]|mif1|msf1)$/.test(box);
}

/** The picture as RGBA pixels, or null when it cannot be decoded (or is too large). */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<RgbaImage | null> {
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { libheif: require.resolve('libheif-js/wasm-bundle'), data: bytes, maxPixels },
      stdout: true,
      stderr: true,
    });
  } catch {
    return null;
  }
  try {
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      worker.once('message', (msg: WorkerReply) => resolve(msg));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`HEIC decoder stopped (${code})`)));
    });
    return reply.ok ? { data: reply.data, width: reply.width, height: reply.height } : null;
  } catch {
    return null;
  } finally {
    await worker.terminate();
  }
}
