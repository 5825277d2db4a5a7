/**
 * Pushes into a browser context's service worker and reads the notifications it shows, for a
 * suite whose server cannot reach a real push service (the tests have none): the DevTools
 * protocol delivers the payload as a push service would, and a page of the same context
 * reads `registration.getNotifications()`.
 */
import type { BrowserContext, Page } from 'playwright-core';

export type ShownNotification = { title: string; body: string; tag: string; requireInteraction: boolean; actions: { action: string; title: string }[]; data: unknown };

/** A CDP session with the ServiceWorker domain on, and the app's registration id. */
export async function serviceWorkerDomain(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await found };
}

/** `page`: a page of the site (any, controlled or not) in `context`. */
export async function workerPush(context: BrowserContext, page: Page, origin: string) {
  const { cdp, id: registrationId } = await serviceWorkerDomain(context, page);
  const push = (data: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(data) });
  const shown = (): Promise<ShownNotification[]> =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return (await registration?.getNotifications())?.map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        requireInteraction: n.requireInteraction,
        actions: ((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map((a) => ({ action: a.action, title: a.title })),
        data: n.data as unknown,
      })) ?? [];
    });
  return {
    shown,
    /**
     * Pushes until `done` holds. The protocol sometimes drops a push delivered to a worker that
     * is starting; a real push service redelivers, and a call's pushes have a tag, so a second
     * delivery replaces the first notification and never adds one.
     */
    async pushUntil(data: object, done: (shown: ShownNotification[]) => boolean, attempts = 5): Promise<ShownNotification[]> {
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        await push(data);
        for (const deadline = Date.now() + 3000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
          const now = await shown();
          if (done(now)) return now;
        }
      }
      return shown();
    },
  };
}
