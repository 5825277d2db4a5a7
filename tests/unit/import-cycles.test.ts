/**
 * No import cycles in src/ and sw/, counting every edge: plain imports and re-exports,
 * `import type` and lazy `import()`. The linter's import/no-cycle (ignoreTypes off, see
 * scripts/lint-config.ts) sees the first two but not `import()`, and a lazy edge back
 * still ties two chunks into one knot; this test walks the rest with the bundler's own
 * parser (vite's parseSync, oxc), so lint and tests together keep cycles at 0.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { resolveSpecifier } from '../support/module-graph';

const ROOT = resolve(import.meta.dirname, '../..');
const DIRS = ['src', 'sw'];
const SOURCE = /\.tsx?$/;
const SKIP = /(^|\/)(routeTree\.gen\.ts|migrations)(\/|$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.test(relative(ROOT, path))) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module a file names: static imports, re-exports and import() with a literal. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const { module } = parseSync(file, code);
  const specifiers = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.map((entry) => entry.moduleRequest?.value ?? '')),
    // The span covers the argument with its quotes; a computed import() has none to follow.
    ...module.dynamicImports.map((d) => code.slice(d.moduleRequest.start, d.moduleRequest.end)).map((s) => /^['"`](.*)['"`]$/.exec(s)?.[1] ?? ''),
  ];
  return [...new Set(specifiers.flatMap((s) => resolveSpecifier(file, s) ?? []))];
}

/** Strongly connected components with more than one file (Tarjan), or a file naming itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.map((f) => relative(ROOT, f)).sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import graph', () => {
  it('has no cycle, counting type-only and lazy imports', () => {
    const files = DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph)).toEqual([]);
  });
});
