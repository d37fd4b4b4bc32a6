import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { linguiMacro } from './linguiMacro';
import { fileURLToPath } from 'node:url';
import { MANIFEST_TEXTS } from './src/i18n/manifestTexts';
import { manifestFileName } from './src/i18n/manifestLink';

/** The web app manifest in English; the other languages change only its words. */
const MANIFEST: Partial<ManifestOptions> = {
  name: 'Evenly',
  short_name: 'Evenly',
  ...MANIFEST_TEXTS.en,
  start_url: '/app',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#f4f6f5',
  theme_color: '#0f7b66',
  icons: [
    { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
    {
      src: '/pwa-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
};

/**
 * One manifest per language besides English's manifest.webmanifest (which VitePWA writes and
 * links): manifest-de.webmanifest… The page points its link at its language's
 * (i18n/manifestLink.ts); the service worker precaches them all (the `webmanifest` glob below),
 * so an offline language change still finds its manifest.
 */
function languageManifests(): Plugin {
  return {
    name: 'evenly-language-manifests',
    apply: 'build',
    generateBundle() {
      for (const [locale, texts] of Object.entries(MANIFEST_TEXTS)) {
        if (locale === 'en') continue;
        this.emitFile({
          type: 'asset',
          fileName: manifestFileName(locale),
          source: JSON.stringify({ ...MANIFEST, ...texts }),
        });
      }
    },
  };
}

/**
 * The repository's README goes into the build as /README.md: the landing page links to it for
 * the self-hosting steps, and every install serves the instructions of the version it runs.
 */
function readme(): Plugin {
  return {
    name: 'evenly-readme',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'README.md',
        source: readFileSync(new URL('../../README.md', import.meta.url), 'utf8'),
      });
    },
  };
}

export default defineConfig({
  // Relative asset links: one build runs under any BASE_PATH, found from index.html's <base href>
  // (which the server sets) and, in scripts, from their own URL.
  base: './',
  plugins: [
    readme(),
    languageManifests(),
    linguiMacro(),
    react(),
    tailwindcss(),
    VitePWA({
      // Our own service worker (src/sw.ts): the precache, the offline app shell, Background
      // Sync of the offline outbox and Web Push.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: [
        'favicon.svg',
        'apple-touch-icon.png',
        'theme-init.js',
        'offline.html',
        'offline.css',
        'push-sw.js',
      ],
      manifest: MANIFEST,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // One classic script: it loads public/push-sw.js with importScripts.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      '@evenly/core': fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url)),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router, Lingui's runtime): one file, compressed
            // as one, instead of the pieces the automatic split makes of it.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@lingui)[\\/]/,
              priority: 20,
            },
            // The parts the sign-in and other public pages share (form fields, alerts, the
            // card, the language switcher, the account API): one file rather than a dozen
            // small ones, each of which would cost its own request and compression overhead.
            {
              name: 'public',
              test: /src[\\/](components[\\/](Alert|FormField|PublicLayout|Logo)\.tsx|components[\\/]forms[\\/](FieldError|PasswordField)\.tsx|hooks[\\/](useConfig|useDocumentTitle|useReturnPath)\.ts|api[\\/]auth\.ts|i18n[\\/](publicMessages|LanguageSwitcher)\.tsx?|validation[\\/](auth-forms|auth-rules|email)\.ts)$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
