/** What the entries journeys share: the composer drawer, and what the server holds. */
import type { Page } from 'playwright-core';
import { accessToken, userData } from './pages';

export async function openComposer(page: Page): Promise<void> {
  const launcher = page.getByRole('button', { name: 'Create entry' }).first();
  await launcher.waitFor();
  await launcher.click();
  await page.getByLabel('Description').waitFor();
}

/** Every write the server applied for this member whose first answer mentions `text` (dev/writes.json, with their token). */
export async function appliedWrites(page: Page, baseUrl: string, text: string): Promise<unknown[]> {
  const token = await accessToken(page);
  const writes = (await fetch(`${baseUrl}/dev/writes.json`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as unknown[];
  return writes.filter((w) => JSON.stringify(w).includes(text));
}

type Gallery = { path: string; mediaType: string };
export type ServerEntry = {
  postCode: string;
  featureCode: number;
  postDescription: string;
  currentRating: number;
  postGalleries: Gallery[];
  pollingDetails: { pollingQuestion: string } | null;
  location: Record<string, unknown> | null;
  occasionPeriod: { start_date: string; end_date: string | null } | null;
};

/** The member's own entries on the server (their suite, newest 50) whose description is `text`. */
export async function serverEntries(page: Page, baseUrl: string, text: string): Promise<ServerEntry[]> {
  const token = await accessToken(page);
  const { id } = await userData(page);
  const feed = (await fetch(`${baseUrl}/api/v1/user/posts?userCode=${id}&pageNo=1&pageSize=50`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json())) as { data: { userPosts: { originalPost: ServerEntry | null }[] } };
  return feed.data.userPosts.flatMap((p) => (p.originalPost?.postDescription === text ? [p.originalPost] : []));
}

/**
 * A real, tiny WebM video (about a second of a moving square), recorded by the browser
 * itself with MediaRecorder from a canvas: no binary fixture in the repository, and the
 * bytes are a genuine container the server's content check and a <video> accept.
 */
export async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (e) => chunks.push(e.data));
    const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
    recorder.start();
    for (let frame = 0; frame < 15; frame++) {
      ctx.fillStyle = '#1c5d99';
      ctx.fillRect(0, 0, 160, 120);
      ctx.fillStyle = '#f4d35e';
      ctx.fillRect(frame * 8, 40, 40, 40);
      await new Promise((r) => setTimeout(r, 66));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}
