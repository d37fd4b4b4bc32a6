// Accessibility audit (axe-core, WCAG 2 A/AA rules) of the main screens in both themes,
// against the mocked API. Serious and critical violations fail the test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { useMockApi } from './support/mockApi';
import { startStaticServer, type StaticServer } from './support/staticServer';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startStaticServer();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function audit(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

const SCREENS: { path: string; ready: string; signedIn: boolean }[] = [
  { path: '/', ready: 'Get Started', signedIn: false },
  { path: '/login', ready: 'Welcome back', signedIn: false },
  { path: '/register', ready: 'Create your account', signedIn: false },
  { path: '/app/groups', ready: 'Lisbon trip', signedIn: true },
  { path: '/app/group/7', ready: 'Dinner at Time Out Market', signedIn: true },
  { path: '/app/friends', ready: 'Farah Ali', signedIn: true },
  { path: '/app/activity', ready: 'Recent activity', signedIn: true },
  { path: '/app/account', ready: 'Connected Accounts', signedIn: true },
];

describe('accessibility (axe-core)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious violations on the main screens (${theme})`, async () => {
      const problems: string[] = [];
      for (const screen of SCREENS) {
        const context = await browser.newContext({
          serviceWorkers: 'block',
          viewport: PHONE_VIEWPORT,
        });
        if (screen.signedIn) await useMockApi(context, theme);
        else await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
        const page = await context.newPage();
        await page.goto(server.baseUrl + screen.path);
        await page.getByText(screen.ready).first().waitFor();
        for (const p of await audit(page)) problems.push(`${screen.path}: ${p}`);
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
