/**
 * A gallery path as something an <img> or <video> can show. Server media (`/media/…`)
 * are used as they are (the service worker caches them). A file picked offline and not
 * yet delivered (an entry's or a barter listing's) is named `blob:<id>`: its bytes are a
 * `mediaBlobs` row in Dexie, read by a live query and shown through an object URL.
 *
 * The URL is made in an effect and revoked by that effect's cleanup — on unmount, or
 * when the path changes or the row goes (the entry was delivered or discarded) — so
 * StrictMode's extra mount and every re-render keep a valid URL and nothing leaks. A
 * row's bytes never change (the worker only writes `progress` and `path` on it), so an
 * upload's progress writes, which re-run the query with a new Blob object, keep the URL.
 */
import { useLiveQuery } from '../store/live-query';
import { useEffect, useRef, useState } from 'react';
import { memberDb } from '../store/db';

const LOCAL_PREFIX = 'blob:';

/** The `mediaBlobs` id a gallery path refers to, or undefined for server media. */
export const localBlobId = (path: string): string | undefined =>
  path.startsWith(LOCAL_PREFIX) ? path.slice(LOCAL_PREFIX.length) : undefined;

/** `path` itself for server media; an object URL of the local blob; undefined while reading or when the blob is gone. */
export function useMediaSrc(me: string, path: string): string | undefined {
  const blobId = localBlobId(path);
  // Server media start with their answer (null): the query's own null then changes nothing,
  // where an undefined start drew every picture twice as a card mounted (BUDGETS.md: scrolling).
  const row = useLiveQuery(
    async () => (blobId ? { id: blobId, blob: (await memberDb(me).mediaBlobs.get(blobId))?.blob } : null),
    [me, blobId],
    blobId ? undefined : null,
  );
  // useLiveQuery answers the previous query's result until the new one resolves: only a row of this path counts.
  const blob = row && row.id === blobId ? row.blob : undefined;
  // The newest Blob object of the row, for the effect below without making it a dependency
  // (set in an effect declared first, so it runs first).
  const latest = useRef(blob);
  useEffect(() => {
    latest.current = blob;
  });
  const present = Boolean(blob);
  const [url, setUrl] = useState<{ blobId: string; url: string }>();

  useEffect(() => {
    const bytes = latest.current;
    if (!blobId || !present || !bytes) return;
    const made = URL.createObjectURL(bytes);
    setUrl({ blobId, url: made });
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [blobId, present]);

  if (!blobId) return path;
  // A URL made for another path (this render follows a path change, before the effect) is not this one's.
  return url?.blobId === blobId ? url.url : undefined;
}
