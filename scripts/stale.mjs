/**
 * "Is this build older than its sources?" — one answer for both builds `npm start` makes
 * (the client into dist/, scripts/start.ts; the server into dist-server/,
 * scripts/build-server.mjs). Plain .mjs: the server build asks before anything is compiled.
 * A folder counts with its own modification time too, so deleting a source file rebuilds.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time under `p` (file or folder), 0 when absent. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(p)) latest = Math.max(latest, newest(path.join(p, entry)));
  return latest;
}

/** True when `stamp` is missing or any of `sources` (relative to `root`) changed after it. */
export function isStale(stamp, root, sources) {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((s) => newest(path.join(root, s)) > built);
}
