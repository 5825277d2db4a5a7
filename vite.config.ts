/**
 * The client build. index.html lives in src/client (the top level is fixed), the
 * service worker is built from sw/ by vite-plugin-pwa (injectManifest), and the
 * manifest is the top-level manifest.webmanifest, served and emitted as is.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';

const here = (p: string) => resolve(import.meta.dirname, p);
const apiPort = Number(process.env.PORT ?? 8080);

/** Serves (dev) and emits (build) the top-level manifest.webmanifest. */
function webManifest(): Plugin {
  const file = here('manifest.webmanifest');
  return {
    name: 'billionett-web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(file) });
    },
  };
}

/**
 * Noto Emoji (@fontsource, SIL OFL) as 'Billionett Emoji', the last font of the theme's list:
 * a device with no emoji font of its own (many Linux desktops; issue 14) draws emoji from it,
 * where a device's colour emoji (Apple, Segoe, Noto Color Emoji) come first. The monochrome
 * Noto Emoji, drawn in the text's colour, because its outlines render in every browser:
 * Noto Color Emoji's web font is COLRv1, which Debian's Chromium (its system FreeType) drew
 * blank. Renamed, so that a face called 'Noto Emoji' never hides an installed one. Each of its
 * 11 ranges (unicode-range, ~90 KB) is fetched only when an emoji in it is shown; woff2
 * alone, which every browser that runs the app reads. Not precached: sw/caching.ts keeps
 * each range once fetched.
 */
function emojiFont(): Plugin {
  return {
    name: 'billionett-emoji-font',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('@fontsource/noto-emoji/400.css')) return;
      return code
        .replaceAll("font-family: 'Noto Emoji'", "font-family: 'Billionett Emoji'")
        .replace(/src: url\(([^)]+\.woff2)\) format\('woff2'\), url\([^)]+\.woff\) format\('woff'\);/g, "src: url($1) format('woff2');");
    },
  };
}

/**
 * index.html's head scripts written into it, minified: public/controller-watch.js (which
 * service worker controlled the page as it began), public/color-scheme.js (the member's
 * appearance on <html> before anything paints) and public/first-paint.js (a member's cached
 * feed cards before the app). As files, each was a request the first paint
 * waited for (render-blocking: ~0.45 s of Lighthouse's simulated slow 4G on a first visit,
 * a round trip on a real one). The Content-Security-Policy allows exactly these by their
 * hashes (src/server/plugins/security-headers.ts inlineScriptHashes reads the built page).
 */
function inlineHeadScripts(): Plugin {
  return {
    name: 'billionett-inline-head-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        return html.replace(/<script src="\/(controller-watch|color-scheme|first-paint)\.js"><\/script>/g, (_tag, name: string) => {
          const { code, errors } = minifySync(`${name}.js`, readFileSync(here(`public/${name}.js`), 'utf8'), {});
          if (errors.length > 0 || /<\/script/i.test(code)) throw new Error(`public/${name}.js cannot be written into index.html`);
          return `<script>${code.trim()}</script>`;
        });
      },
    },
  };
}

/**
 * Mantine's useId with React's id, kept. Mantine (9.x, @mantine/hooks use-id) renders with
 * React's useId and then, in a layout effect, swaps it for a random one: every Mantine
 * component with an id (each Tooltip, Menu, Popover, input, rating) rendered twice on
 * mounting, the second time synchronously inside the commit — on opening home, ~35
 * components and their subtrees in the one long task that draws the first screen
 * (Lighthouse's total blocking time). React's id is unique within the root (the app has
 * one) and the same on every render, which is all an id needs here; a static id passed in
 * still wins, as in Mantine's hook.
 */
function mantineStableIds(): Plugin {
  return {
    name: 'billionett-mantine-stable-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('@mantine/hooks/esm/use-id/use-id.mjs')) return;
      if (!code.includes('setUuid(randomId())')) this.error('Mantine\'s use-id.mjs changed: review mantineStableIds (vite.config.ts)');
      return [
        'import { useId as useReactId } from "react";',
        'function useId(staticId) {',
        '  const reactId = useReactId();',
        '  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/:/g, "")}`;',
        '}',
        'export { useId };',
      ].join('\n');
    },
  };
}

/**
 * Fewer, larger chunks for the screens a visit opens with (issue 13). Left to itself the
 * bundler cut the opening screens into ~100 files (a module shared by two lazy screens
 * is a chunk of its own); each is a request and a module to instantiate, and on a phone
 * those cost more than the bytes. Modules go, with everything they import that no group
 * before them took (the order is the priority), into:
 * - `boot`: the app (app.tsx, loaded by main.tsx after the first paint) and what it imports
 *   (React, the router, Mantine's provider, the route tree);
 * - `visitor`: the public layout and checkin (the signed-out opening screen);
 * - `early`: a member's IndexedDB reads started before React (shell/early-reads-run.ts:
 *   Dexie and the live queries' queriers), apart, so they need not wait for the screens;
 * - `member`: the main layout and home (the signed-in opening screen).
 * A later group's chunk may import an earlier one's, never the reverse, so checkin never
 * loads Dexie or the member's screens. Every other screen and dialog keeps its own chunks.
 */
const isRoute = (id: string, route: string) => id.includes(`/src/client/routes/${route}`);
const CHUNK_GROUPS = [
  // Vite's preload helper, which main.tsx needs before the app: on its own, or main.tsx would import the app's chunk to get it.
  { name: 'preload', priority: 5, test: (id: string) => id.includes('vite/preload-helper') },
  { name: 'boot', priority: 4, test: (id: string) => id.includes('/src/client/app.tsx') },
  { name: 'visitor', priority: 3, test: (id: string) => isRoute(id, '_auth.tsx') || isRoute(id, '_auth/checkin.tsx') },
  { name: 'early', priority: 2, test: (id: string) => id.includes('/src/client/shell/early-reads-run.ts') },
  { name: 'member', priority: 1, test: (id: string) => isRoute(id, '_main.tsx') || isRoute(id, '_main/index.tsx') },
];

/**
 * The app's chunks (`boot` and what it imports) are fetched by index.html itself: main.tsx
 * imports the app only after the first paint (public/first-paint.js), and on a slow network
 * the app must not start fetching its bytes only then. Preloaded as scripts, not
 * modulepreloaded: a modulepreload also compiles the 400 KB app at once, on the main thread,
 * which held back the first paint's IndexedDB answers by ~100 ms; the import compiles it after
 * the paint. And a returning member's import of a modulepreloaded app ran without the compiled
 * code the service worker's cache keeps for a script (evaluating it took three to four times
 * as long). On a first visit, with nothing kept, the import compiles the preloaded script
 * again on the main thread ("wrong script type" in a trace), where a modulepreload would have
 * compiled it as it arrived; yet Lighthouse's simulated /checkin scored lower with one, so
 * both visits keep this preload. (A prefetch, the lowest priority, came later on Slow 3G.)
 */
function preloadApp(): Plugin {
  return {
    name: 'billionett-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const boot = chunks.find((c) => c.name === 'boot');
        if (!boot) throw new Error('preloadApp: no boot chunk in the bundle');
        // What the entry loads already (itself and its own imports, which Vite preloads).
        const loaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        const scripts = [boot.fileName, ...boot.imports].filter((file) => !loaded.has(file));
        // Its stylesheet too, which Vite links only when the import runs (and waits for, so the app never draws unstyled).
        const styles = [...(boot.viteMetadata?.importedCss ?? [])];
        return [
          ...scripts.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'script', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...styles.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

export default defineConfig({
  root: here('src/client'),
  publicDir: here('public'),
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    // A lazy chunk's imports are not modulepreloaded by Vite's helper (decision 0087): each
    // <link rel=modulepreload> it added was a fetch and a compile the main thread did without
    // the code the service worker's cache keeps for a script (see preloadApp), for every chunk
    // a screen imports. The chunk's own imports load it all; its stylesheets are still awaited.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
    // Fonts stay files: the CSP allows fonts from 'self' only (a small emoji range was inlined as data:).
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true },
      '/media': `http://127.0.0.1:${apiPort}`,
      '/basemap': `http://127.0.0.1:${apiPort}`,
      '/dev': `http://127.0.0.1:${apiPort}`,
    },
  },
  worker: { format: 'es' },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('src/client/routes'),
      generatedRouteTree: here('src/client/routeTree.gen.ts'),
    }),
    react(),
    webManifest(),
    emojiFont(),
    mantineStableIds(),
    inlineHeadScripts(),
    preloadApp(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: here('sw'),
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}'],
        // The head scripts are in index.html itself (inlineHeadScripts): their files, still
        // copied from public/, are asked for by nothing, so no install downloads them.
        globIgnores: ['**/noto-emoji-*', 'controller-watch.js', 'color-scheme.js', 'first-paint.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip twins of every text asset, made once at build time: the server sends
    // them as they are (@fastify/static preCompressed) instead of compressing per request.
    // On a slow mobile link this is the difference between ~0.2 MB and ~0.8 MB to first paint.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|css|js|mjs|json|svg|webmanifest)$/, threshold: 1024 }),
  ],
});
