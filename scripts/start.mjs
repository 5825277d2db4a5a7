/**
 * `npm start`: compile the server when dist-server/ is stale (scripts/build-server.mjs, in a
 * child so esbuild never lives in the serving process), then run the compiled scripts/start.ts
 * in this process on bare Node. Plain .mjs because nothing is compiled yet when it runs.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// An API process forked for WORKERS=N runs this file again: the primary has built already.
if (cluster.isPrimary) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error(`The server build failed (exit ${built.status ?? built.signal}).`);
    process.exit(1);
  }
}
await import(pathToFileURL(path.join(root, 'dist-server/start.js')).href);
