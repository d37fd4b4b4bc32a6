// What a page copied, read back without the system clipboard. That clipboard is one for the whole
// browser, which every e2e file shares (global-setup.ts), so a test reading it back could read what
// another file's page copied a moment later (seen in CI on 2026-12-01: an IBAN where an API token
// was expected). The page records each text it writes, and the test reads its own record.
import type { Page } from 'playwright-core';

interface Recorded {
  __copiedTexts?: string[];
}

function install(): void {
  const w = window as unknown as Recorded;
  if (w.__copiedTexts !== undefined) return;
  const copied: string[] = [];
  w.__copiedTexts = copied;
  const clipboard = navigator.clipboard;
  const write = clipboard.writeText.bind(clipboard);
  clipboard.writeText = async (text: string) => {
    copied.push(text);
    await write(text);
  };
}

/** Starts recording what the page writes to the clipboard (now and after each navigation). */
export async function recordCopies(page: Page): Promise<void> {
  await page.context().addInitScript(install);
  await page.evaluate(install);
}

/** The last text the page wrote to the clipboard since recordCopies, if any. */
export async function lastCopied(page: Page): Promise<string | undefined> {
  return await page.evaluate(() => (window as unknown as Recorded).__copiedTexts?.at(-1));
}
