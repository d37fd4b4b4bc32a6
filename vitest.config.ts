import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import LongestFirstSequencer from './scripts/test-sequencer.ts';
import { linguiMacro } from './apps/web/linguiMacro.ts';

const coreSrc = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));

// Time limits catch a hang, they do not measure speed: a heavy file (a backup of a long history,
// a server started and killed) shares two cores with the other tiers, or with busy processes.
const integration = {
  include: ['apps/api/test/**/*.test.ts'],
  testTimeout: 180_000,
  hookTimeout: 240_000,
};

const projects: TestProjectInlineConfiguration[] = [
  // Pure unit tests share their worker's modules (no per-file isolation): nothing of theirs
  // outlives a test, and importing the same modules again for every file only costs time.
  {
    extends: true,
    test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], isolate: false },
  },
  // Unit tests of the web app's pure helpers (no DOM needed).
  {
    extends: true,
    // The web app's Lingui macros, compiled as in its build.
    plugins: [linguiMacro()],
    test: {
      name: 'web',
      include: ['apps/web/src/**/*.test.ts'],
      isolate: false,
      // One module graph for every file (isolate: false): a stubbed global (navigator's
      // locale) or a mock is undone after each test, so it cannot reach the next file.
      unstubGlobals: true,
      restoreMocks: true,
    },
  },
  {
    extends: true,
    test: {
      name: 'receipts',
      include: ['packages/receipts/src/**/*.test.ts'],
      testTimeout: 60_000,
      isolate: false,
    },
  },
  // Unit tests beside the API code, and integration tests through the real HTTP stack on PGlite.
  {
    extends: true,
    test: {
      name: 'api',
      ...integration,
      include: ['apps/api/src/**/*.test.ts', ...integration.include],
      env: { TEST_DB_KIND: 'pglite' },
    },
  },
];

// End-to-end tests: the built app served by the real server, driven in Debian's Chromium.
projects.push({
  extends: true,
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    // One browser and one default app server for the whole tier; contexts close after each test.
    globalSetup: ['./e2e/support/global-setup.ts'],
    setupFiles: ['./e2e/support/setup-file.ts'],
    // Hang guards, not speed bars: on a CI machine running every tier at once a test here takes
    // three to four times as long as alone (2026-12-01: an 11-page loop passed 120 s), and a
    // limit a slow day can reach fails a correct test. A hang still ends the test.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The suite runs beside the integration tests on two cores: a poll's 1 s default is shorter
    // than a busy machine takes to debounce, fetch and render. Playwright's own waits use 30 s.
    expect: { poll: { timeout: 15_000 } },
  },
});

// The same integration tests again on a real PostgreSQL server whenever one is named.
if (process.env['TEST_DATABASE_URL']) {
  projects.push({
    extends: true,
    test: { name: 'api-postgres', ...integration, env: { TEST_DB_KIND: 'postgres' } },
  });
}

// One `vitest run` executes every tier: unit tests beside the code, integration tests on
// both databases, and e2e tests in real Chromium.
export default defineConfig({
  resolve: { alias: { '@evenly/core': coreSrc } },
  test: {
    projects,
    // Test files are mostly waiting (for PostgreSQL, PGlite's worker, a server, Chromium), so
    // more files run at once than the machine has cores; vitest's default (cores − 1) would run
    // one at a time on CI's two. Every tier shares this one pool: e2e files run beside the rest.
    maxWorkers: Number(process.env['TEST_WORKERS'] ?? 3),
    // Builds the migrated template databases every test file copies, once per run.
    globalSetup: ['./apps/api/test/support/global-setup.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Longest files first, across tiers, so that none starts late and leaves CI an idle tail.
    sequence: { sequencer: LongestFirstSequencer },
  },
});
