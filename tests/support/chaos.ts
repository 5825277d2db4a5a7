/**
 * Small tools of the suites that spawn real servers and break things on purpose:
 * a free loopback port, and a seeded generator so the same chaos happens every run.
 */
import { createServer } from 'node:net';

/** A port nothing listens on right now (the OS picks it; released before it is returned). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** A small deterministic generator (mulberry32): the same sequence for the same seed. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
