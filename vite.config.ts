/**
 * The client build. index.html lives in src/client (the top level is fixed), the
 * service worker is built from sw/ by vite-plugin-pwa (injectManifest), and the
 * manifest is the top-level manifest.webmanifest, served and emitted as is.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  root: here('src/client'),
  publicDir: here('public'),
  build: { outDir: here('dist'), emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
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
    VitePWA({
      strategies: 'injectManifest',
      srcDir: here('sw'),
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}'],
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
