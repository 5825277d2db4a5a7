/**
 * Home's first screen loads no zod (store/enqueue.ts says why): the member routes' static
 * value imports — what the bundler puts in the `member` chunk (vite.config.ts CHUNK_GROUPS),
 * evaluated before the first card — never reach a module that imports zod. Type-only imports
 * and lazy `import()` are not followed: neither is evaluated with the screen. A module that
 * lands in that chunk also keeps its schemas there for every lazy screen that imports them, so
 * first-screen code takes its constants from the contract's schema-free files (codes.ts,
 * entry-messages.ts, media-files.ts, geo-paths.ts, bulletin-text.ts, …).
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chainsFrom, valueImports } from '../support/module-graph';

const ROOT = resolve(import.meta.dirname, '../..');
const FIRST_SCREEN = ['src/client/routes/_main.tsx', 'src/client/routes/_main/index.tsx'];
const chainsTo = (pkg: string, roots = FIRST_SCREEN) => chainsFrom(ROOT, roots, pkg);

describe("home's first screen", () => {
  it('evaluates no zod schema', () => {
    expect(chainsTo('zod')).toEqual([]);
  });

  it("starts a sync worker whose visitor part evaluates neither zod nor Dexie (checkin's passkey autofill starts it at once)", () => {
    const worker = ['src/client/sync/sync.worker.ts'];
    expect(chainsTo('zod', worker)).toEqual([]);
    expect(chainsTo('dexie', worker)).toEqual([]);
    // The walk reaches the calls the visitor's part answers.
    expect(valueImports(join(ROOT, 'src/client/sync/public-sync.ts'))).toContain('./auth-calls');
  });

  it('would see one: the walk follows value imports to the contract', () => {
    // The outbox (loaded lazily by store/enqueue.ts) imports every write's schema.
    expect(valueImports(join(ROOT, 'src/client/store/outbox.ts'))).toContain('../../contract/mutations');
    expect(valueImports(join(ROOT, 'src/contract/mutations.ts'))).toContain('zod');
  });
});
