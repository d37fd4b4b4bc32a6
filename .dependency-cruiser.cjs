// Edges between source files, checked by `npm run lint` (depcruise). CommonJS because the
// repository's package.json says "type": "module" and dependency-cruiser reads this with require.
//
// No exceptions are kept: every violation fails `npm run lint` (run it as `npm run lint:edges`).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycle, at run time or in types (type-only imports count: tsPreCompilationDeps). ' +
        'Move the shared type or constant to where it belongs.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-public-entry',
      severity: 'error',
      comment:
        'A feature module (apps/api/src/modules/X) uses another module only through its public ' +
        'entry, modules/Y/index.ts, which says what Y offers other modules.',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
  ],
  options: {
    // Type-only imports are edges too: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    // The api and the packages import `./x.js` for `./x.ts` (NodeNext); the web app leaves the
    // extension out (Bundler).
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
  },
};
