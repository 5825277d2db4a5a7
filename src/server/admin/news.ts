/**
 * Live news from the admin CLI: publish an item (it leads the home column at once, and
 * members' apps mirror it at their next pull) or retire one (no longer live). The checks
 * are the ones a member's screen relies on: a heading, an http(s) link, a known type.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { news } from '../db/schema/news';
import { NEWS_TYPES } from '../seed/data/news-pool';

type Args = Record<string, string | undefined>;

export async function publishNews(db: Db, args: Args): Promise<string> {
  const heading = args.heading?.trim() ?? '';
  if (heading.length < 3 || heading.length > 200) throw new Error('--heading must be 3 to 200 characters');
  let link: URL;
  try {
    link = new URL(args.link ?? '');
  } catch {
    throw new Error('--link must be an http(s) address');
  }
  if (link.protocol !== 'https:' && link.protocol !== 'http:') throw new Error('--link must be an http(s) address');
  const type = NEWS_TYPES.find((t) => t.toLowerCase() === (args.type ?? '').trim().toLowerCase());
  if (!type) throw new Error(`--type must be one of ${NEWS_TYPES.join(', ')}`);
  const newsCode = `N${randomBytes(5).toString('hex').toUpperCase()}`;
  await db.insert(news).values({ newsCode, newsHeading: heading, newsReference: link.toString(), newsTypeName: type, lastUpdatedTime: new Date() });
  return `published ${newsCode}`;
}

export async function retireNews(db: Db, code: string | undefined): Promise<string> {
  if (!code) throw new Error('news-retire needs --code <newsCode>');
  const gone = await db
    .update(news)
    .set({ retiredAt: sql`now()` })
    .where(and(eq(news.newsCode, code), isNull(news.retiredAt)))
    .returning({ code: news.newsCode });
  if (gone.length === 0) throw new Error(`No live news with code ${code}.`);
  return `retired ${code}`;
}
