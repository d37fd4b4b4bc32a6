// sharp (libvips) on first use. Loaded, it costs the server about 30 MB of resident memory, and
// most servers decode a picture rarely (a profile picture, a trip report's receipt thumbnails),
// while a small install on the embedded database shares its memory with the receipt engine
// (issue #35: the whole process tree within 700 MB). `lazy-libraries.test.ts` checks that a
// started server has not loaded it.
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/** The sharp module, imported the first time it is asked for. */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
