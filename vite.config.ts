import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { compileCatalogue } from './src/i18n/compile-catalogue.ts';

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

const CATALOGUES = 'virtual:catalogues';
const CATALOGUE = 'virtual:catalogue/';

/**
 * The translation catalogues (src/locales/<language>/<namespace>.json): `virtual:catalogues`
 * maps each `<language>/<namespace>` to a lazy import of its compiled messages, so a page downloads
 * only its own namespaces in the active language (src/i18n/i18n.ts), and the service worker
 * precaches every one for switching offline.
 */
export function catalogues(): Plugin {
  const dir = join(root, 'src', 'locales');
  return {
    name: 'catalogues',
    resolveId(id) {
      return id === CATALOGUES || id.startsWith(CATALOGUE) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${CATALOGUES}`) {
        const names = readdirSync(dir).flatMap((language) => {
          this.addWatchFile(join(dir, language));
          return readdirSync(join(dir, language))
            .filter((file) => file.endsWith('.json'))
            .map((file) => `${language}/${file.slice(0, -'.json'.length)}`);
        });
        const loaders = names.map((name) => `${JSON.stringify(name)}: () => import(${JSON.stringify(CATALOGUE + name)})`);
        return `export default {\n${loaders.join(',\n')}\n};`;
      }
      if (!id.startsWith(`\0${CATALOGUE}`)) return null;
      const [language = '', namespace = ''] = id.slice(CATALOGUE.length + 1).split('/');
      const file = join(dir, language, `${namespace}.json`);
      this.addWatchFile(file);
      return catalogueModule(namespace, JSON.parse(readFileSync(file, 'utf8')), file);
    },
  };
}

/** The module `virtual:catalogue/<language>/<namespace>` for a catalogue file's messages. */
export function catalogueModule(namespace: string, messages: unknown, file: string): string {
  return `export default ${JSON.stringify(compileCatalogue(namespace, messages, file))};`;
}

/** Text-like files worth a .br/.gz sibling (@fastify/static's preCompressed serves them). */
const COMPRESSIBLE = /\.(?:js|css|html|svg|webmanifest|json|wasm|ico)$/;

/**
 * vite-plugin-pwa writes sw.js (and injects its precache list) in its own closeBundle, after the
 * compression plugin has seen the bundle: give the worker its .br/.gz siblings once it is final.
 */
function compressServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'compress-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const file = join(outDir, 'sw.js');
        if (!existsSync(file)) return;
        const source = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      },
    },
  };
}

/** A page people often open cold: the modules its lazy routes load and the catalogues it shows. */
interface RoutePage {
  modules: string[];
  namespaces: string[];
}

/**
 * Pages people often open cold (the registration landing, sign-in). Each gets a file per language
 * (routePageFile): index.html plus modulepreload links for those modules' chunks and for the page's
 * catalogues in that language, so the browser fetches them with the document instead of after
 * React, the router and the common messages ran (one round trip on a slow network instead of three
 * or four; Lighthouse mobile LCP 3.0 s -> 2.4 s on /registration). The server sends it for exactly
 * `/<name>`, in the language the request prefers (server/plugins/static-app.ts); every other path
 * keeps index.html.
 */
const ROUTE_PAGES: Record<string, RoutePage> = {
  registration: {
    modules: [
      'src/app/registration-loaders.ts',
      'src/app/layouts/registration-layout.tsx',
      'src/features/registration/registration-page.tsx',
    ],
    namespaces: ['common', 'registration'],
  },
  'sign-in': {
    modules: ['src/features/auth/sign-in-page.tsx'],
    namespaces: ['common', 'auth', 'validation'],
  },
};

function routeEntryPages(pages: Record<string, RoutePage>): Plugin {
  const languages = readdirSync(join(root, 'src', 'locales'));
  return {
    name: 'route-entry-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      // Files index.html's tags already load (the entry and its static imports: React, the router);
      // from the tags only, as the import map names every chunk.
      const linked = new Set([...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const chunkOf = (page: string, moduleId: string) => {
        const chunk = chunks.find((c) => c.moduleIds.includes(moduleId));
        // A renamed module or catalogue would silently drop the hints: fail the build instead.
        if (!chunk) this.error(`route page ${page}: no chunk contains ${moduleId}`);
        return chunk;
      };
      for (const [name, { modules, namespaces }] of Object.entries(pages)) {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (scripts.has(fileName) || linked.has(fileName)) return;
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const module of modules) visit(chunkOf(name, join(root, module)).fileName);
        for (const language of languages) {
          const catalogues = namespaces.map((namespace) => chunkOf(name, `\0${CATALOGUE}${language}/${namespace}`).fileName);
          // Stylesheets as preload only: the route's code inserts them itself; render-blocking links
          // here would delay the first paint of the loading screen.
          const links = [
            ...[...scripts, ...catalogues].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
          ];
          this.emitFile({
            type: 'asset',
            fileName: routePageFile(name, language),
            source: html.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`),
          });
        }
      }
    },
  };
}

/**
 * The file of a route page in one language: `<name>.html` in English, the app's language when it
 * cannot tell (src/i18n/i18n.ts), else `<name>.<language>.html` (server/plugins/static-app.ts).
 */
const routePageFile = (name: string, language: string) => (language === 'en' ? `${name}.html` : `${name}.${language}.html`);

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
    catalogues(),
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
        // The route pages are index.html with hints for a cold first visit; offline navigations use index.html.
        globIgnores: Object.keys(ROUTE_PAGES).flatMap((name) => [routePageFile(name, 'en'), routePageFile(name, '*')]),
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
    // Brotli (max quality) and gzip siblings made once at build time, so the server never compresses
    // a static file per request. Originals stay for clients without Accept-Encoding; a variant no
    // smaller than its original is skipped (the server then sends the original).
    compression({
      include: COMPRESSIBLE,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      logLevel: 'silent',
    }),
    routeEntryPages(ROUTE_PAGES),
    compressServiceWorker(),
  ],
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser that runs this app supports modulepreload: skip the polyfill.
    modulePreload: { polyfill: false },
    // Chunks import each other by stable names that index.html's import map resolves to the
    // content-hashed files, so a chunk's hash covers its own bytes only: a changed catalogue or
    // module renames that one file (and the pages carrying the map), not every chunk importing it,
    // and an installed app's update downloads just those (tests/bench/release-size.ts). The server
    // allows the inline map by its hash (server/plugins/static-app.ts).
    chunkImportMap: true,
    rolldownOptions: {
      // No `manualPureFunctions: ['z']` for zod's builders: it matches any function named z, and the
      // pre-minified zxing glue has one whose calls register the decoder's types (dropped, the
      // scanner failed with "unbound types"). It saved under 0.5 KB.
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR },
            // One chunk per catalogue, named for it (catalogue-de-registration), never merged with code.
            {
              name: (id) => `catalogue-${id.split('/').slice(-2).join('-')}`,
              debugName: 'catalogues',
              test: /virtual:catalogue\//,
            },
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
