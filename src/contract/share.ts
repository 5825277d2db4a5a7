/**
 * Sharing into Billionett (issue 16): the manifest's share_target POSTs to SHARE_ACTION;
 * the service worker keeps what came (text and photos) in its own small IndexedDB database
 * and opens the composer with `?compose=entry&share=<id>`; the page takes it from there.
 * Both sides name the database here, once.
 */
export const SHARE_ACTION = '/share';
export const SHARE_DB = 'billionett-shares';
export const SHARE_STORE = 'shares';
/** The manifest's params names. */
export const SHARE_FIELDS = { title: 'title', text: 'text', url: 'url', files: 'photos' } as const;

export type SharedItem = { id: string; title: string; text: string; url: string; files: { name: string; type: string; blob: Blob }[]; at: number };

/** What the composer's description starts with: the title, the text and the link, each once. */
export function sharedText(item: Pick<SharedItem, 'title' | 'text' | 'url'>): string {
  const parts: string[] = [];
  for (const part of [item.title, item.text, item.url].map((p) => p.trim())) {
    if (part && !parts.some((p) => p.includes(part))) parts.push(part);
  }
  return parts.join('\n');
}
