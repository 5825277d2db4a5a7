/** Walking src/'s import graph in tests (import-cycles, first-screen-imports). */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SOURCE = /\.tsx?$/;

/** The file a relative specifier names, or undefined for assets and packages. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.split('?')[0] ?? specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base].find(
    (candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
}
