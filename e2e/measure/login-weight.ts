// `npm run weight:login`: the JavaScript the login page makes a first-time visitor download,
// measured in Chromium against the built web app (run `npm run build` first). Prints each script
// and the total at gzip size; the web app's budget for it is 100 KB.
import { launchBrowser } from '../support/browser';
import { measurePageScripts } from '../support/pageWeight';
import { startStaticServer } from '../support/staticServer';

export const LOGIN_SCRIPT_BUDGET_BYTES = 100 * 1024;

const server = await startStaticServer();
const browser = await launchBrowser();
try {
  // The browser's language picks the catalog: English, and the languages with the largest ones.
  for (const locale of ['en-US', 'de-DE', 'ar', 'ja-JP']) {
    const weight = await measurePageScripts(browser, `${server.baseUrl}/login`, { locale });
    if (locale === 'en-US') {
      for (const s of weight.scripts) {
        console.log(`${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB gz  ${s.url}`);
      }
    }
    const kb = weight.gzipBytes / 1024;
    console.log(
      `/login JavaScript (${locale}): ${kb.toFixed(1)} KB gzip, ${weight.gzipBytes} B (budget 100 KB, ${LOGIN_SCRIPT_BUDGET_BYTES} B)`,
    );
    if (weight.gzipBytes > LOGIN_SCRIPT_BUDGET_BYTES) process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.close();
}
