/**
 * What the member's page and its service workers did while an update was taking over, as a
 * timeline a failure prints: the page's navigations, document requests, warnings and errors
 * (from Playwright), and each worker version's state as Chromium's DevTools protocol reports
 * it. A reload that hangs shows as a worker activated with no document requested after it,
 * and reads of the page that go unanswered.
 */
import { spawnSync } from 'node:child_process';
import type { BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';

export type UpdateWatch = {
  /** Adds a step of the test's own to the timeline. */
  note: (what: string) => void;
  /**
   * `expression`'s value in the page's current document, or `fallback` after `ms`; a read with
   * no answer goes in the timeline, and the first one also the browser's targets and processes.
   */
  read: <T>(expression: string, fallback: T, ms: number) => Promise<T>;
  lines: () => string[];
  stop: () => Promise<void>;
};

type WorkerVersion = { versionId: string; scriptURL: string; runningStatus: string; status: string; controlledClients?: string[] };

export async function watchUpdate(context: BrowserContext, page: Page): Promise<UpdateWatch> {
  const started = Date.now();
  const log: string[] = [];
  const note = (what: string) => log.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
  const docs = new Set<Request>();
  const onRequest = (r: Request) => {
    if (r.resourceType() !== 'document') return;
    docs.add(r);
    note(`document request ${r.url()}${r.serviceWorker() ? ' (from the worker)' : ''}`);
  };
  const onFinished = (r: Request) => {
    if (!docs.delete(r)) return;
    void r
      .response()
      .then((res) => note(`document answered ${res?.status() ?? '?'} ${r.url()}${res?.fromServiceWorker() ? ' by the worker' : ''}`));
  };
  const onFailed = (r: Request) => docs.delete(r) && note(`document failed ${r.failure()?.errorText ?? ''} ${r.url()}`);
  const onNavigated = () => note(`navigated ${page.url()}`);
  const onLoad = () => note('load event');
  const onConsole = (m: ConsoleMessage) => (m.type() === 'warning' || m.type() === 'error') && note(`console ${m.type()}: ${m.text()}`);
  const listeners: [string, (arg: never) => void][] = [
    ['request', onRequest],
    ['requestfinished', onFinished],
    ['requestfailed', onFailed],
    ['framenavigated', onNavigated],
    ['load', onLoad],
    ['console', onConsole],
  ];
  // Page's on/off are typed event by event; the pairs above are each one of those.
  const emitter = page as unknown as { on: (event: string, listener: (arg: never) => void) => void; off: (event: string, listener: (arg: never) => void) => void };
  for (const [event, listener] of listeners) emitter.on(event, listener);
  const cdp = await context.newCDPSession(page);
  const states = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: WorkerVersion[] }) => {
    for (const v of versions) {
      const state = `${v.status}/${v.runningStatus} controls ${v.controlledClients?.length ?? 0}`;
      if (states.get(v.versionId) === state) continue;
      states.set(v.versionId, state);
      note(`worker version ${v.versionId}: ${state}`);
    }
  });
  await cdp.send('ServiceWorker.enable');
  // Once, at the first read with no answer: the browser's own view of its pages and workers
  // (answered by the browser process, not the page's), and what each Chromium process is doing.
  let described = false;
  const describeBrowser = async () => {
    const browserCdp = await context.browser()?.newBrowserCDPSession();
    const targets = await browserCdp?.send('Target.getTargets').catch(() => undefined);
    for (const t of targets?.targetInfos ?? []) note(`target ${t.type} ${t.url} attached ${t.attached}`);
    await browserCdp?.detach().catch(() => undefined);
    const ps = spawnSync('ps', ['-C', 'chromium', '-o', 'pid=,stat=,pcpu=,wchan:24=,args='], { encoding: 'utf8' }).stdout;
    for (const line of ps.split('\n').filter(Boolean)) note(`process ${line.replace(/ --(?!type=)\S+/g, '').slice(0, 160)}`);
  };
  const read = <T>(expression: string, fallback: T, ms: number): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<T>((resolve) => {
      timer = setTimeout(() => {
        note(`no answer in ${ms} ms to a read of the page`);
        if (!described) void describeBrowser();
        described = true;
        resolve(fallback);
      }, ms);
    });
    const answer = cdp
      .send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })
      .then((r) => (r.exceptionDetails ? (note(`a read of the page threw: ${r.exceptionDetails.text}`), fallback) : (r.result.value as T)))
      .catch((error: unknown) => (note(`a read of the page failed: ${String(error)}`), fallback))
      .finally(() => clearTimeout(timer));
    return Promise.race([answer, late]);
  };
  return {
    note,
    read,
    lines: () => [...log, ...[...docs].map((r) => `still waiting: document request ${r.url()}`)],
    stop: async () => {
      for (const [event, listener] of listeners) emitter.off(event, listener);
      await cdp.detach().catch(() => undefined);
    },
  };
}
