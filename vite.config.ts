import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The top-level manifest.webmanifest is the one source: parsed here and handed to VitePWA, which
 * emits it as /manifest.webmanifest and links it from index.html. A copy in public/ would drift.
 */
function readManifest(): Partial<ManifestOptions> {
  const manifest = JSON.parse(readFileSync(`${root}manifest.webmanifest`, 'utf8')) as Partial<ManifestOptions>;
  // A renamed or missing icon would only show up as a failed install; fail the build instead.
  const icons = [...(manifest.icons ?? []), ...(manifest.shortcuts ?? []).flatMap((s) => s.icons ?? [])];
  for (const icon of icons) {
    if (!existsSync(`${root}public${icon.src}`)) throw new Error(`manifest.webmanifest: icon ${icon.src} is not in public/`);
  }
  return manifest;
}

const api = { target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, changeOrigin: false };

/** Small modules without side effects shared by the registration and the signed-in pages. */
const SHARED_UI =
  /[\\/]src[\\/](?:lib[\\/](?:money|use-request|config|form-errors)|components[\\/]ui[\\/](?:page-header|partner-banner|countdown|brand)|shared[\\/]countdown)\.tsx?$/;

/** Small modules the registration landing loads together (every registration step needs them too). */
const REGISTRATION_LANDING =
  /[\\/]src[\\/](?:features[\\/]registration[\\/](?:registration-state|registration-notice|pass-selection)|app[\\/]registration-loaders)\.tsx?$/;

/** What every page needs at once; kept apart so app releases don't invalidate it in caches. */
const VENDOR =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|jotai|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // main.tsx registers the worker with workbox-window and drives the update prompt.
      injectRegister: false,
      registerType: 'prompt',
      manifest: readManifest(),
      // The glob below already takes every icon, and the plugin adds manifest.webmanifest to the
      // precache itself: listing them twice would only duplicate precache entries.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,wasm,woff2}'],
        // The scanner's zxing .wasm is ~1.1 MB and must be precached for offline scanning.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // A classic (non-module) worker: registers everywhere and avoids Vite 8's
        // inlineDynamicImports warning for the worker build.
        rollupFormat: 'iife',
      },
      devOptions: {
        // Off by default: the app registers the worker only in production builds. PWA_DEV=true
        // serves the manifest and a dev worker (/dev-sw.js?dev-sw, type module) for manual checks.
        enabled: process.env.PWA_DEV === 'true',
        type: 'module',
        navigateFallback: 'index.html',
      },
    }),
  ],
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser that runs this app supports modulepreload: skip the polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // No `manualPureFunctions: ['z']` for zod's builders: it matches any function named z, and the
      // pre-minified zxing glue has one whose calls register the decoder's types (dropped, the
      // scanner failed with "unbound types"). It saved under 0.5 KB.
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR },
            // One chunk for the small pieces the registration and signed-in pages share, instead of
            // seven tiny requests (each costs its own import/export glue); dependencies stay where
            // they are, so the sign-in page does not pull it in.
            { name: 'shared', test: SHARED_UI, includeDependenciesRecursively: false },
            // The registration landing's own small modules, one request instead of four.
            { name: 'registration-landing', test: REGISTRATION_LANDING, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
