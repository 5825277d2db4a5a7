/**
 * An API process evaluates no faker: its package holds every locale's data (~25 MB of heap
 * once loaded, BUDGETS.md: idle RSS ≤ 300 MB), and only the demo seed's generator needs it,
 * in the seeding child (scripts/start.ts) or on a first start. The seed's modules that every
 * process imports (seed/index.ts for the demo logins) take it with a lazy `import()`.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chainsFrom } from '../support/module-graph';

const ROOT = resolve(import.meta.dirname, '../..');
const FAKER = '@faker-js/faker';

describe('the API process', () => {
  it('evaluates no faker as it starts', () => {
    expect(chainsFrom(ROOT, ['scripts/start.ts', 'src/server/main.ts'], FAKER)).toEqual([]);
  });

  it('would see it: the walk reaches the generator that imports it', () => {
    expect(chainsFrom(ROOT, ['src/server/seed/community.ts'], FAKER)).toEqual(['src/server/seed/community.ts']);
  });
});
