/**
 * The dev mailbox: mail the server would have sent, newest first, with clickable links.
 * Registered with the other dev tools (dev/index.ts): loopback only, never on a default start.
 */
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { devMail } from '../../db/schema/mail';

const LIMIT = 100;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Escape first, then turn the (escaped) URLs into links: nothing in a mail can inject markup. */
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const latest = () => app.db.select().from(devMail).orderBy(desc(devMail.id)).limit(LIMIT);

  app.get('/dev/mailbox.json', { config: { access: 'anyone' }, schema: { hide: true } }, async () => {
    const rows = await latest();
    return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, body: r.body, createdAt: r.createdAt.toISOString() }));
  });

  app.get('/dev/mailbox', { config: { access: 'anyone' }, schema: { hide: true } }, async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (r) => `<article><h2>${escapeHtml(r.subject)}</h2><p class="meta">To ${escapeHtml(r.to)} · ${r.createdAt.toISOString()}</p>` +
          `<pre>${linkify(r.body)}</pre></article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:15px system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}
h2{font-size:1.1rem;margin:.2rem 0}.meta{color:#666;margin:0}pre{white-space:pre-wrap;word-break:break-all}</style></head>
<body><h1>Dev mailbox</h1><p>Mail kept because no SMTP_URL is set. Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
};

export default mailboxRoutes;
