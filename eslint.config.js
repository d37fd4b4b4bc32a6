// Flat ESLint config for the whole monorepo: strict, type-aware TypeScript rules everywhere,
// React hooks rules for the web app. Zero warnings are allowed (`npm run lint`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';

/**
 * Web files whose every user-visible text comes from a message catalog (issue #32): a literal
 * string a person could see is an error here. The list grows as screens are converted
 * (docs/i18n.md); the signed-in app's screens come next.
 */
const TRANSLATED_WEB_FILES = [
  // Every component and page (a file with JSX): each text a person sees comes from a catalog.
  'apps/web/src/**/*.tsx',
  // And the modules that write texts for them (the rest of apps/web/src holds API calls, the
  // offline queue's storage and English fallbacks that only English readers see: docs/i18n.md).
  'apps/web/src/i18n/**/*.ts',
  'apps/web/src/lib/landingContent.ts',
  'apps/web/src/components/{layout,friends,admin,expense,currency,settle,pay}/*.ts',
  'apps/web/src/offline/{describe,problemText}.ts',
  'apps/web/src/lib/balanceScreens.ts',
  'apps/web/src/hooks/{useDocumentTitle,usePushDevice,useUndoToast,useSubmitFailure}.ts',
  'apps/web/src/lib/appErrors.ts',
  'apps/web/src/lib/{activityText,expenseForm,expenseProblems,recurrence,receiptDate,dates}.ts',
  'apps/web/src/lib/{itemSplit,seriesActions,conversion,split,settleUp,expenseSearch,submitError}.ts',
  'apps/web/src/lib/{groupConfirms,groupFilters,groupCover,categories,trip-report,importGroup}.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/coverage/**',
      'apps/api/drizzle/**',
      '**/dev-dist/**',
      // compiled message catalogs (lingui compile)
      'apps/web/src/locales/**',
      'apps/api/src/locales/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
      'no-restricted-syntax': [
        'error',
        {
          // `plural()` and `t` already translate (with the global i18n): passed to `i18n._` the
          // translated text is looked up again as an id, which logs "Uncompiled message".
          selector:
            "CallExpression[callee.property.name='_'] > :matches(CallExpression[callee.name=/^(plural|select|selectOrdinal|t)$/], TaggedTemplateExpression[tag.name='t']).arguments",
          message: 'Wrap it in msg: i18n._(msg`${plural(n, { one: …, other: … })}`).',
        },
      ],
    },
  },
  {
    files: TRANSLATED_WEB_FILES,
    ignores: ['**/*.test.*'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Not words a person reads: class lists, paths, keys, codes, identifiers.
          ignore: ['^[a-z0-9:/_.\\[\\]()%&#=?@*-]+( [a-z0-9:/_.\\[\\]()%&#=?@*-]+)*$', '^[A-Z_]+$'],
          ignoreNames: [
            { regex: { pattern: 'className|ClassName|^[A-Z_]+$|Path$|Key$|Id$' } },
            'to',
            'path',
            'href',
            'src',
            'type',
            'name',
            'autoComplete',
            'rel',
            'target',
            'role',
            'kind',
            'status',
            'lang',
            'dir',
            'translate',
            'key',
            'id',
            'loading',
            'decoding',
            'fill',
            'viewBox',
            'd',
          ],
          ignoreFunctions: [
            'console.*',
            '*.get',
            '*.has',
            '*.set',
            '*.delete',
            '*.querySelector',
            '*.querySelector*',
            'navigate',
            'encodeURIComponent',
            'lazy',
            'import',
            'Error',
            'setState',
            'useState',
            'api',
            'register',
            '*.startsWith',
          ],
          ignoreMethodsOnTypes: [],
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
      'lingui/no-expression-in-message': 'error',
    },
  },
);
