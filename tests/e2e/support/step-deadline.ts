/**
 * Steps of a long walk that must each end within a deadline, and when one does not, say where
 * the page was: a11y.e2e.ts's desktop walk once stopped for good between two screens (a
 * `page.evaluate` that never returned: the page's main thread never came back), and the
 * test's own 600 s timeout named nothing but the test. On a deadline the debugger pauses the
 * page's main thread and the error carries its JavaScript stack, or says that the thread ran
 * no JavaScript (idle, or stuck in layout or the browser). The debugger is attached before the
 * walk: a thread stuck in a loop answers a pause, but not a new session's attach.
 */
import type { CDPSession, Page } from 'playwright-core';

type CallFrame = { functionName: string; url: string; location: { lineNumber: number; columnNumber?: number } };
export type StepWatch = {
  /** Runs `step`; past `ms`, fails naming `name` with where the page's main thread was. */
  within<T>(name: string, ms: number, step: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
};

/** The main thread's stack, paused from outside; null when it runs no JavaScript within `waitMs`. */
async function pausedStack(cdp: CDPSession, waitMs = 5_000): Promise<string[] | null> {
  const paused = new Promise<CallFrame[]>((resolve) =>
    cdp.once('Debugger.paused', (event: { callFrames: CallFrame[] }) => resolve(event.callFrames)),
  );
  // Not awaited: its answer can come only once the thread has paused.
  const asked = cdp.send('Debugger.pause').catch(() => undefined);
  const frames = await Promise.race([paused, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]);
  if (frames) {
    await asked;
    await cdp.send('Debugger.resume');
  } else {
    // A pause still asked for would stop the page's next script: withdrawn, and the debugger kept on for the next step.
    await cdp.send('Debugger.disable');
    await cdp.send('Debugger.enable');
  }
  return (
    frames?.map(
      (f) =>
        `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.location.lineNumber + 1}:${(f.location.columnNumber ?? 0) + 1}`,
    ) ?? null
  );
}

export async function watchSteps(page: Page): Promise<StepWatch> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Debugger.enable');
  return {
    async within(name, ms, step) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
      try {
        const outcome = await Promise.race([step(), late]);
        if (outcome !== 'late') return outcome;
      } finally {
        clearTimeout(timer);
      }
      const stack = await pausedStack(cdp).catch((error: unknown) => [`(the debugger did not answer: ${String(error)})`]);
      const where = stack
        ? `the page's main thread was at:\n  ${stack.join('\n  ')}`
        : "the page's main thread ran no JavaScript for 5 s (idle, or stuck in the browser)";
      throw new Error(`${name}: not done within ${ms / 1000} s; ${where}`);
    },
    async stop() {
      await cdp.detach().catch(() => undefined);
    },
  };
}
