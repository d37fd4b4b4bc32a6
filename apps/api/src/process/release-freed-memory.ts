/**
 * Gives the C heap's free pages back to the system: glibc's `malloc_trim(0)`, called through
 * koffi (a foreign-function library with prebuilt binaries, so nothing is compiled on install).
 *
 * Why: glibc returns freed memory to the system only from the top of its heap. Blocks freed below
 * a block still in use stay resident, and a Node process that has done a burst of native work
 * keeps tens of MB it no longer uses. Measured on this project's 2-core machine (2026-12-01):
 * the server after its first start (database created and migrated) 335 → 258 MB, after a
 * restart 310 → 245 MB, each call 15–21 ms. `malloc_trim` walks the heap and hands back every
 * whole free page, not only the top. The pages are faulted in again when the heap grows, so a
 * call after every piece of work costs CPU: in the OCR engine after every receipt it cost about
 * a tenth more CPU per receipt for no steady gain at the peak (not kept; docs/operations.md).
 *
 * Where there is no glibc (macOS, Windows, musl) this does nothing and says so (`available: false`).
 */
import { createRequire } from 'node:module';
import type { LibraryHandle } from 'koffi';

type Trim = (pad: number) => number;

/** undefined: not looked up yet; null: not available here. */
let trim: Trim | null | undefined;

/** Whether this process runs on glibc (named in Node's diagnostic report only where it does; for tests). */
export function onGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return report.header?.glibcVersionRuntime !== undefined;
}

function loadTrim(): Trim | null {
  // No diagnostic report here (onGlibc, about 7 ms at start-up): loading libc.so.6 is the test.
  if (process.platform !== 'linux') return null;
  try {
    // Required here, not imported: the native library is loaded only where it can be used.
    const koffi = createRequire(import.meta.url)('koffi') as {
      load: (path: string) => LibraryHandle;
    };
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch {
    // musl has no libc.so.6 (or no malloc_trim), or koffi has no binary for this machine.
    return null;
  }
}

/**
 * Releases the free pages of the C heap now and says how much the process's resident size fell,
 * MB (0 where there is nothing to call). Blocks the calling thread for the walk (about 15–20 ms
 * for a server of 300 MB): call it after a burst of work, never per request.
 */
export function releaseFreedMemory(): { available: boolean; freedMb: number } {
  if (trim === undefined) trim = loadTrim();
  if (trim === null) return { available: false, freedMb: 0 };
  const before = process.memoryUsage.rss();
  trim(0);
  return {
    available: true,
    freedMb: Math.max(0, Math.round((before - process.memoryUsage.rss()) / 1048576)),
  };
}
