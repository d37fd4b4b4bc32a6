import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/** Files that use a Lingui macro import one of these (`@lingui/core/macro`, `@lingui/react/macro`). */
const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;
const SOURCE_FILE = /\.(ts|tsx|js|jsx|mts|mjs)$/;

/**
 * Compiles Lingui's macros (`<Trans>`, `t`, `plural`, `msg`) into runtime calls with hashed
 * message ids (issue #32). @vitejs/plugin-react 6 on Vite 8 has no Babel, so this runs
 * @babel/core with Lingui's macro plugin on its own, before Vite's TypeScript/JSX transform, and
 * only on the files that import a macro: every other file skips Babel (a string test, no parse).
 * Babel keeps the TypeScript and JSX as they are; Vite's own transform handles them afterwards.
 * In a production build the macro drops the English source text from the bundle (the compiled
 * English catalog carries it); in tests and `vite dev` it is kept.
 */
export function linguiMacro(): Plugin {
  return {
    name: 'evenly-lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE_FILE.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) {
        return null;
      }
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: {
          plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'],
        },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map ?? null };
    },
  };
}
