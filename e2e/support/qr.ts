// Reads a QR code the app drew: a screenshot of the element, decoded with pngjs + jsQR.
import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';

export async function decodeQr(element: Locator): Promise<string> {
  const png = PNG.sync.read(await element.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (code === null) throw new Error('No QR code found in the screenshot.');
  return code.data;
}
