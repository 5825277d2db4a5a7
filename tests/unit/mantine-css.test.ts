/**
 * The client loads Mantine's styles per component (src/client/shell/mantine.css), not the
 * whole styles.css (issue 13). A component whose CSS file is missing there draws unstyled,
 * so this test follows every component src/client imports from @mantine/core through
 * Mantine's own modules (Select → Combobox → Popover …) and asks that each one with
 * styles (a `*.module.mjs` of class names) has its file imported, in Mantine's order.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MANTINE = join(ROOT, 'node_modules/@mantine/core');
const ESM = join(MANTINE, 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Names the app imports from @mantine/core (values, not types). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'src/client'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*(type\s*)?\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',')) {
        const name = part.trim().replace(/\s+as\s+.*/, '');
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** Mantine's module files reachable from the names, by their relative imports. */
function reachable(names: Set<string>): Set<string> {
  const index = readFileSync(join(ESM, 'index.mjs'), 'utf8');
  const queue: string[] = [];
  for (const match of index.matchAll(/import\s*\{([^}]+)\}\s*from\s*"(\.[^"]+)"/g)) {
    const exported = match[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!);
    if (exported.some((n) => names.has(n))) queue.push(resolve(ESM, match[2]!));
  }
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*"(\.[^"]+)"/g)) queue.push(resolve(dirname(file), match[1]!));
  }
  return seen;
}

const imported = [...readFileSync(join(ROOT, 'src/client/shell/mantine.css'), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map(
  (m) => m[1]!,
);

describe('Mantine styles per component', () => {
  it('imports the CSS of every styled component the app uses', () => {
    const needed = [...reachable(importedNames())]
      .filter((file) => file.endsWith('.module.mjs'))
      .map((file) => basename(file, '.module.mjs'))
      .filter((name) => existsSync(join(MANTINE, 'styles', `${name}.css`)));
    expect(needed.length).toBeGreaterThan(20);
    expect(needed.filter((name) => !imported.includes(name))).toEqual([]);
  });

  it('keeps the order of Mantine styles.css', () => {
    const whole = readFileSync(join(MANTINE, 'styles.css'), 'utf8');
    const at = imported.map((name) => whole.indexOf(readFileSync(join(MANTINE, 'styles', `${name}.css`), 'utf8').slice(0, 300)));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });
});
