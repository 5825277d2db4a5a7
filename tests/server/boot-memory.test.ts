/**
 * server/boot-memory.ts: the collection at the end of the boot gives back a young generation
 * grown by a burst of allocation, which a plain full collection keeps.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { returnBootMemory } from '../../src/server/boot-memory';

const youngGeneration = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

describe('boot memory', () => {
  it('shrinks the young generation a burst of allocation grew', async () => {
    // A boot's pattern: many objects, each batch alive for a while (survivors grow the space).
    let alive: unknown[] = [];
    for (let i = 0; i < 300; i++) alive = Array.from({ length: 20_000 }, (_, j) => ({ j, text: `item ${i} ${j}` }));
    expect(alive).toHaveLength(20_000);
    const grown = youngGeneration();
    alive = [];
    await returnBootMemory();
    expect(youngGeneration()).toBeLessThan(grown / 2);
  });
});
