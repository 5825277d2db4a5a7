/**
 * navigator.locks for several tabs in one test process (Node has no Web Locks): one holder
 * per name at a time, the others waiting in the order they asked, and a waiting request
 * withdrawn by its signal, as the browser's LockManager does for the outbox leader.
 */
type Callback = (lock: Lock | null) => unknown;

export function createLocks(): LockManager {
  const tails = new Map<string, Promise<void>>();
  async function request(name: string, optionsOrCallback: LockOptions | Callback, maybeCallback?: Callback): Promise<unknown> {
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback)!;
    const signal = typeof optionsOrCallback === 'function' ? undefined : optionsOrCallback.signal;
    const previous = tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    tails.set(name, previous.then(() => mine));
    let onAbort = () => {};
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const outcome = await Promise.race([previous.then(() => 'turn' as const), aborted]);
    signal?.removeEventListener('abort', onAbort);
    if (outcome === 'aborted') {
      // Give the turn on to whoever waits behind this request.
      void previous.then(release);
      throw new DOMException('The lock request was aborted.', 'AbortError');
    }
    try {
      return await callback({ name, mode: 'exclusive' } as Lock);
    } finally {
      release();
    }
  }
  return { request, query: async () => ({ held: [], pending: [] }) } as unknown as LockManager;
}
