/** A promise made on the first call and kept for the next ones; a failure is forgotten, so the next call tries again. */
export function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    }));
}
