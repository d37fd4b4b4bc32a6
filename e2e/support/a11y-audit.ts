// The accessibility audit's one check (axe-core, WCAG 2.0/2.1/2.2 A and AA rules) over its
// screens (a11y-screens-*.ts): every route of the spec and the dialogs that matter, on a phone and
// (the layout from 1024 px) on a desktop, against the mocked API, each in the light theme and then in the dark one.
// a11y.e2e.test.ts audits the first quarter of the screens, a11y-2, -3 and -4.e2e.test.ts the
// others (four files, so the parts run side by side and none runs long).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from './browser';
import { useMockApi, useMockInviteApi } from './mockApi';
import { startStaticServer, type StaticServer } from './staticServer';
import type { Screen } from './a11y-screen';
import { ACCOUNT_AND_SETTINGS_SCREENS } from './a11y-screens-account-and-settings';
import { DESKTOP_SCREENS } from './a11y-screens-desktop';
import { ENTRY_AND_GROUP_SCREENS } from './a11y-screens-entry-and-groups';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The rules whose verdict can change with the theme: the light and the dark theme differ in
 * colours (the same elements, names, roles and order), and in the landing page's picture, of
 * which each theme shows its own (`dark:hidden` / `dark:block`). The dark pass checks these and
 * leaves the structural rules to the light pass of the same page.
 */
const THEME_RULES = ['color-contrast', 'link-in-text-block', 'image-alt'];

/** Runs axe on the page: every WCAG A/AA rule, or only the theme's (`colours`). */
export async function audit(page: Page, scope: 'all' | 'colours' = 'all'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: AXE_SOURCE });
  }
  const runOnly =
    scope === 'colours'
      ? { type: 'rule', values: THEME_RULES }
      : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: only, resultTypes: ['violations'] });
    return result.violations;
  }, runOnly);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** The audit's parts, one test file each (a11y.e2e.test.ts, a11y-2 … a11y-4). */
const AUDIT_PARTS = 4;
/**
 * A part's hang guard: about 29 screens, 2 to 6 s each on a quiet machine, 12 s on a CI machine
 * also running the other tiers (a half of 57 screens ran into 720 s there).
 */
const AUDIT_PART_TIMEOUT_MS = 900_000;

const SCREENS: Screen[] = [
  ...ENTRY_AND_GROUP_SCREENS,
  ...ACCOUNT_AND_SETTINGS_SCREENS,
  ...DESKTOP_SCREENS,
];

/**
 * Empties what a page left in its context's storage (local and session storage, IndexedDB: the
 * offline queue, Cache Storage, cookies), so that the next screen starts as on a first visit. The
 * HTTP cache stays: the next page loads the app's files from memory, which is the point of
 * sharing a context. A database still open by this page is deleted once the page closes;
 * IndexedDB runs the next page's open after that deletion.
 */
async function emptyStorage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const databases = await indexedDB.databases();
    for (const { name } of databases) if (name !== undefined) indexedDB.deleteDatabase(name);
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.context().clearCookies();
}

/**
 * Audits one part of the screens (`part` of `parts`, from 1), each on a page of its own: in the
 * light theme, then, on the same page, in the dark one. The theme is the person's System choice, so
 * the page follows the emulated `prefers-color-scheme` live (issue #31 point 5): a screen is loaded
 * and brought into its state once for both audits, and the dark one checks the colour rules (the
 * rest does not change with the theme). Screens of a kind (signed in or not) share one browser
 * context, emptied between them (`emptyStorage`): a fresh context per screen cost 0.8 s to open
 * and a cold load of the app, 60 % of the audit's time on a loaded machine. Returns the
 * violations found.
 */
export async function auditScreens(
  browser: Browser,
  server: StaticServer,
  part: number,
  parts: number,
): Promise<string[]> {
  const size = Math.ceil(SCREENS.length / parts);
  const screens = SCREENS.slice((part - 1) * size, part * size);
  const problems: string[] = [];
  const shared = new Map<boolean, BrowserContext>();
  const openContext = async (signedIn: boolean) => {
    const context = await browser.newContext({ serviceWorkers: 'block', colorScheme: 'light' });
    if (signedIn) await useMockApi(context, 'system');
    else await useMockInviteApi(context);
    return context;
  };
  for (const screen of screens) {
    let context = screen.ownContext === true ? undefined : shared.get(screen.signedIn);
    if (context === undefined) {
      context = await openContext(screen.signedIn);
      if (screen.ownContext !== true) shared.set(screen.signedIn, context);
    }
    const page = await context.newPage();
    await page.setViewportSize(screen.desktop === true ? DESKTOP_VIEWPORT : PHONE_VIEWPORT);
    await page.goto(server.baseUrl + screen.path);
    await screen.ready(page);
    for (const p of await audit(page)) problems.push(`${screen.name} (light): ${p}`);
    // Colours are read as they are now: no transition may leave one half-way to the dark theme.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    for (const p of await audit(page, 'colours')) problems.push(`${screen.name} (dark): ${p}`);
    if (screen.ownContext === true) {
      await context.close();
    } else {
      await emptyStorage(page);
      await page.close();
    }
  }
  for (const context of shared.values()) await context.close();
  console.log(
    `[axe] part ${part} of ${parts}: ${screens.length} screens audited in both themes (${screens.map((s) => s.name).join('; ')}), ${problems.length} violations`,
  );
  return problems;
}

/** The browser and the mocked-API web server a test file audits with, opened and closed around it. */
export function auditTargets(): { browser: () => Browser; server: () => StaticServer } {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startStaticServer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the audit targets open in beforeAll');
    return value;
  };
  return { browser: () => opened(browser), server: () => opened(server) };
}

/**
 * The test of one part of the audit (`part` of AUDIT_PARTS, from 1): every screen of that part
 * without a violation, light or dark. Each a11y*.e2e.test.ts file is one part.
 */
export function auditPart(targets: ReturnType<typeof auditTargets>, part: number): void {
  it(
    `has no violations on any page or dialog, light or dark (part ${part} of ${AUDIT_PARTS})`,
    async () => {
      expect(await auditScreens(targets.browser(), targets.server(), part, AUDIT_PARTS)).toEqual(
        [],
      );
    },
    AUDIT_PART_TIMEOUT_MS,
  );
}
