/**
 * Gives back what the boot left on the heap. Loading the server (modules, ~200 routes' schemas,
 * migrations, the seed check) grows V8's young generation to its maximum and leaves ~40 MB of
 * heap that V8 keeps until its next full collection — which a process waiting for its first
 * member never runs. Measured with `npm run bench -- --only app` (server RSS, idle) and over
 * the inspector: heap 80–87 MB with 43 MB in use → 45 MB, RSS 35–45 MB lower.
 *
 * A plain full collection (`gc()` under --expose-gc) keeps the grown young generation; the
 * inspector's HeapProfiler.collectGarbage is V8's low-memory collection, which also shrinks it.
 * In process, with no port opened. Once, at the end of the boot: ~85 ms.
 */
import { Session } from 'node:inspector/promises';

export async function returnBootMemory(): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
  } finally {
    session.disconnect();
  }
}
