/**
 * A kept answer holds memory of its own size (src/server/http/kept-answers.ts `exact`): zlib's
 * sync output is a slice of a 16 KB chunk and a short string's Buffer a slice of Node's 8 KB
 * pool, so 10,000 kept ~2 KB answers held 160 MB before.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { exact } from '../../src/server/http/kept-answers';
import { encode } from '../../src/server/http/compression';

describe('kept answer bytes', () => {
  it('copies a slice into memory of its own size, the same bytes', () => {
    const json = Buffer.from(JSON.stringify({ entries: Array.from({ length: 20 }, (_, i) => ({ i, text: 'a quokka smiles' })) }));
    for (const bytes of [gzipSync(json), encode(json, 'br'), encode(json, 'gzip'), Buffer.from('{"small":true}')]) {
      expect(bytes.buffer.byteLength).toBeGreaterThan(bytes.length);
      const own = exact(bytes);
      expect(own.buffer.byteLength).toBe(bytes.length);
      expect(own.equals(bytes)).toBe(true);
    }
  });

  it('keeps a buffer that is already its own', () => {
    const own = Buffer.allocUnsafeSlow(10).fill(1);
    expect(exact(own)).toBe(own);
  });
});
