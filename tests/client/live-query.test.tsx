/**
 * The UI's live queries (store/live-query.ts): an answer equal to the last one (the same rows
 * written again, as the sync worker does when it mirrors a page it already had) does not
 * re-render; a changed answer does; a first answer equal to the default the hook shows does
 * not re-render either, yet after the deps change an answer is compared with what is shown,
 * never with the default; and equal means plain data by content, anything else (a Blob)
 * only itself.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { samePlainData, useLiveQuery } from '../../src/client/store/live-query';
import { memberDb } from '../../src/client/store/db';

const me = 'live-query-member';
afterEach(async () => {
  cleanup();
  await memberDb(me).mediaBlobs.clear();
});

const row = (progress: number) => ({ id: 'b1', owner: 'entry-1', name: 'harbour.png', type: 'image/png', blob: new NodeBlob(['four']) as Blob, progress });

describe('samePlainData', () => {
  it('compares arrays and plain objects by content', () => {
    expect(samePlainData({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(samePlainData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(samePlainData([1, 2], [1, 2, 3])).toBe(false);
    expect(samePlainData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(samePlainData({ a: 1 }, [1])).toBe(false);
    expect(samePlainData(Number.NaN, Number.NaN)).toBe(true);
  });

  it('takes anything else only for itself: two equal Blobs or Dates are not the same', () => {
    const blob = new NodeBlob(['four']);
    expect(samePlainData({ blob }, { blob })).toBe(true);
    expect(samePlainData({ blob }, { blob: new NodeBlob(['four']) })).toBe(false);
    expect(samePlainData(new Date(0), new Date(0))).toBe(false);
  });
});

describe('useLiveQuery', () => {
  it('re-renders for a changed answer, not for the same rows written again', async () => {
    const db = memberDb(me);
    await db.mediaBlobs.put(row(0));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      // A new object at each read, as every querier's answer is.
      return useLiveQuery(async () => {
        const read = await db.mediaBlobs.get('b1');
        return read && { name: read.name, progress: read.progress };
      }, []);
    });
    await waitFor(() => expect(result.current?.progress).toBe(0));
    const settled = renders;
    // The same answer again (the row rewritten with a new Blob, progress unchanged): no render.
    await act(() => db.mediaBlobs.put(row(0)));
    await act(() => db.mediaBlobs.update('b1', { name: 'harbour.png' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).toBe(settled);
    // A changed answer: rendered.
    await act(() => db.mediaBlobs.update('b1', { progress: 0.5 }));
    await waitFor(() => expect(result.current?.progress).toBe(0.5));
    expect(renders).toBeGreaterThan(settled);
  });

  it('passes a Blob read anew on as a new answer', async () => {
    const db = memberDb(me);
    await db.mediaBlobs.put(row(0));
    const { result } = renderHook(() => useLiveQuery(() => db.mediaBlobs.get('b1'), []));
    await waitFor(() => expect(result.current?.blob).toBeTruthy());
    const first = result.current!.blob;
    await act(() => db.mediaBlobs.put(row(0)));
    await waitFor(() => expect(result.current!.blob).not.toBe(first));
  });

  it('does not re-render for a first answer equal to the default it already shows', async () => {
    const db = memberDb(me);
    let renders = 0;
    let reads = 0;
    // As the shell's rows read before React (shell/queries.ts): a new object equal to the default.
    const early = { blobs: 0 };
    const { result } = renderHook(() => {
      renders += 1;
      return useLiveQuery(
        async () => {
          reads += 1;
          return { blobs: await db.mediaBlobs.count() };
        },
        [],
        early,
      );
    });
    await waitFor(() => expect(reads).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(early);
    expect(renders).toBe(1);
    // A changed answer still comes through.
    await act(() => db.mediaBlobs.put(row(0)));
    await waitFor(() => expect(result.current).toEqual({ blobs: 1 }));
  });

  it('after its deps change, shows an answer equal to the default in place of the last one', async () => {
    const db = memberDb(me);
    await db.mediaBlobs.put(row(0.5));
    const { result, rerender } = renderHook(({ id }) => useLiveQuery(async () => (await db.mediaBlobs.get(id))?.progress ?? 0, [id], 0), {
      initialProps: { id: 'b1' },
    });
    await waitFor(() => expect(result.current).toBe(0.5));
    // Another row, absent: its answer is the default's value, and must replace 0.5.
    rerender({ id: 'b2' });
    await waitFor(() => expect(result.current).toBe(0));
  });
});
