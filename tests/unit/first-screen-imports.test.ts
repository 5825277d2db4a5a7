/**
 * Home's first screen loads no zod (store/enqueue.ts says why): the member routes' static
 * value imports — what the bundler puts in the `member` chunk (vite.config.ts CHUNK_GROUPS),
 * evaluated before the first card — never reach a module that imports zod. Type-only imports
 * and lazy `import()` are not followed: neither is evaluated with the screen. A module that
 * lands in that chunk also keeps its schemas there for every lazy screen that imports them, so
 * first-screen code takes its constants from the contract's schema-free files (codes.ts,
 * entry-messages.ts, media-files.ts, geo-paths.ts, bulletin-text.ts, …).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { resolveSpecifier } from '../support/module-graph';

const ROOT = resolve(import.meta.dirname, '../..');
const FIRST_SCREEN = ['src/client/routes/_main.tsx', 'src/client/routes/_main/index.tsx'];

/** The specifiers a file evaluates with it: imports and re-exports of values, side-effect imports. */
function valueImports(file: string): string[] {
  const { module } = parseSync(file, readFileSync(file, 'utf8'));
  return [
    ...module.staticImports.filter((i) => i.entries.length === 0 || i.entries.some((e) => !e.isType)).map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.filter((entry) => !entry.isType).map((entry) => entry.moduleRequest?.value ?? '')),
  ].filter(Boolean);
}

/** Each file `roots` evaluate that imports `pkg`, with the chain of imports to it. */
function chainsTo(pkg: string, roots = FIRST_SCREEN): string[] {
  const parent = new Map<string, string | null>(roots.map((f) => [join(ROOT, f), null]));
  const queue = [...parent.keys()];
  const found: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of valueImports(file)) {
      if (specifier === pkg || specifier.startsWith(`${pkg}/`)) {
        const chain = [file];
        for (let up = parent.get(file); up; up = parent.get(up)) chain.unshift(up);
        found.push(chain.map((f) => relative(ROOT, f)).join(' → '));
        continue;
      }
      const next = resolveSpecifier(file, specifier);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return found;
}

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
