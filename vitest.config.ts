import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const coreSrc = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));

// One `vitest run` executes every tier: unit tests beside the code (core, api, web),
// integration tests through the real HTTP stack (apps/api/test), and e2e in Chromium (e2e/).
export default defineConfig({
  resolve: { alias: { '@evenly/core': coreSrc } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'receipts',
          include: ['packages/receipts/src/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
