/**
 * The Web Share Target (manifest `share_target`, issue 16): another app on the phone shares
 * a link, a text or photos to Billionett; the share arrives here as a POST navigation.
 * Nothing goes to the network — it works offline — : the text and photos are kept in the
 * shares database and the composer opens with them (303, so a reload does not post again).
 */
import { SHARE_ACTION, SHARE_FIELDS } from '../src/contract/share';
import { keepShare } from '../src/client/store/share-inbox';

declare const self: ServiceWorkerGlobalScope;

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 5000) : '';
};

async function receive(request: Request): Promise<Response> {
  try {
    const form = await request.formData();
    const files = form
      .getAll(SHARE_FIELDS.files)
      .filter((f): f is File => f instanceof File && f.type.startsWith('image/'))
      .slice(0, 10)
      .map((f) => ({ name: f.name || 'shared-photo', type: f.type, blob: f as Blob }));
    const id = crypto.randomUUID();
    await keepShare({ id, title: field(form, SHARE_FIELDS.title), text: field(form, SHARE_FIELDS.text), url: field(form, SHARE_FIELDS.url), files, at: Date.now() });
    return Response.redirect(`/?compose=entry&share=${id}`, 303);
  } catch {
    // Unreadable: open the composer empty rather than an error page.
    return Response.redirect('/?compose=entry', 303);
  }
}

export function registerShareTarget(): void {
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (event.request.method === 'POST' && url.origin === self.location.origin && url.pathname === SHARE_ACTION) event.respondWith(receive(event.request));
  });
}
