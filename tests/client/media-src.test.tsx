/**
 * The feed card's files of an entry written offline (entries/media-src.ts): a `blob:<id>`
 * gallery path shows its Dexie blob through one object URL, kept while the upload writes
 * progress, revoked on unmount and when the row goes (delivered or discarded); server
 * paths pass through untouched.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMediaSrc } from '../../src/client/ui/media-src';
import { memberDb } from '../../src/client/store/db';

const me = 'media-src-member';
let made: string[];
let revoked: string[];

beforeEach(() => {
  made = [];
  revoked = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${++n}-${(blob as Blob).size}`;
    made.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await memberDb(me).mediaBlobs.clear();
});

// Node's Blob: fake-indexeddb clones it faithfully (happy-dom's comes back a plain object).
const addBlob = (id: string, bytes: string) =>
  memberDb(me).mediaBlobs.add({ id, owner: 'entry-1', name: 'harbour.png', type: 'image/png', blob: new NodeBlob([bytes], { type: 'image/png' }) as Blob, progress: 0 });

describe('useMediaSrc', () => {
  it('answers a server path as it is, making no object URL', () => {
    const { result } = renderHook(() => useMediaSrc(me, '/media/gallery/abc.webp'));
    expect(result.current).toBe('/media/gallery/abc.webp');
    expect(made).toEqual([]);
  });

  it('shows a local blob through one object URL, kept through progress writes and revoked on unmount', async () => {
    await addBlob('b1', 'four');
    const { result, unmount } = renderHook(() => useMediaSrc(me, 'blob:b1'));
    await waitFor(() => expect(result.current).toBe('blob:test/1-4'));
    // The worker's progress writes re-run the live query with a new Blob object.
    await act(() => memberDb(me).mediaBlobs.update('b1', { progress: 0.5 }));
    await act(() => memberDb(me).mediaBlobs.update('b1', { progress: 1, path: '/media/gallery/x.webp' }));
    expect(result.current).toBe('blob:test/1-4');
    expect(made).toHaveLength(1);
    unmount();
    expect(revoked).toEqual(['blob:test/1-4']);
  });

  it('never shows a revoked URL under StrictMode\'s extra mount', async () => {
    await addBlob('b5', 'strict');
    const { result } = renderHook(() => useMediaSrc(me, 'blob:b5'), { reactStrictMode: true });
    await waitFor(() => expect(result.current).toMatch(/^blob:test\//));
    expect(revoked).not.toContain(result.current);
    expect(made.filter((u) => !revoked.includes(u))).toEqual([result.current]);
  });

  it('revokes the URL when the blob goes, and answers nothing for a missing one', async () => {
    await addBlob('b2', 'seven!!');
    const { result } = renderHook(() => useMediaSrc(me, 'blob:b2'));
    await waitFor(() => expect(result.current).toBe('blob:test/1-7'));
    await act(() => memberDb(me).mediaBlobs.delete('b2'));
    await waitFor(() => expect(result.current).toBeUndefined());
    expect(revoked).toEqual(['blob:test/1-7']);
    const gone = renderHook(() => useMediaSrc(me, 'blob:never-stored'));
    await new Promise((r) => setTimeout(r, 50));
    expect(gone.result.current).toBeUndefined();
    expect(made).toHaveLength(1);
  });

  it('switches to the new path\'s URL, revoking the old one', async () => {
    await addBlob('b3', 'aa');
    await addBlob('b4', 'bbb');
    const { result, rerender } = renderHook(({ path }) => useMediaSrc(me, path), { initialProps: { path: 'blob:b3' } });
    await waitFor(() => expect(result.current).toBe('blob:test/1-2'));
    rerender({ path: 'blob:b4' });
    await waitFor(() => expect(result.current).toBe('blob:test/2-3'));
    expect(revoked).toEqual(['blob:test/1-2']);
    rerender({ path: '/media/gallery/b4.webp' });
    expect(result.current).toBe('/media/gallery/b4.webp');
    expect(revoked).toEqual(['blob:test/1-2', 'blob:test/2-3']);
  });
});
