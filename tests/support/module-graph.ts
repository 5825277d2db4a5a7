/** Walking src/'s import graph in tests (import-cycles, first-screen-imports, server-imports). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';

const SOURCE = /\.tsx?$/;

/** The file a relative specifier names, or undefined for assets and packages. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.split('?')[0] ?? specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base].find(
    (candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** The specifiers a file evaluates with it: imports and re-exports of values, side-effect imports. */
export function valueImports(file: string): string[] {
  const { module } = parseSync(file, readFileSync(file, 'utf8'));
  return [
    ...module.staticImports.filter((i) => i.entries.length === 0 || i.entries.some((e) => !e.isType)).map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.filter((entry) => !entry.isType).map((entry) => entry.moduleRequest?.value ?? '')),
  ].filter(Boolean);
}

/**
 * Each file `roots` (relative to `root`) evaluate that imports `pkg`, with the chain of imports
 * to it. Type-only imports and lazy `import()` are not followed: neither is evaluated with them.
 */
export function chainsFrom(root: string, roots: readonly string[], pkg: string): string[] {
  const parent = new Map<string, string | null>(roots.map((f) => [join(root, f), null]));
  const queue = [...parent.keys()];
  const found: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of valueImports(file)) {
      if (specifier === pkg || specifier.startsWith(`${pkg}/`)) {
        const chain = [file];
        for (let up = parent.get(file); up; up = parent.get(up)) chain.unshift(up);
        found.push(chain.map((f) => relative(root, f)).join(' → '));
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
