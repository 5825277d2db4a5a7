/** Live news as contract NewsItems, newest first. */
import { and, desc, isNull, sql } from 'drizzle-orm';
import type { NewsItem } from '../../../contract/news';
import type { Db } from '../../db/client';
import { news } from '../../db/schema/news';

const LIVE_LIMIT = 20;
/** "feature" is what the home widget sends (spec: category=feature); it means every type. */
const ALL = new Set(['', 'feature', 'all', '0']);

export async function liveNews(db: Db, category: string | undefined): Promise<NewsItem[]> {
  const wanted = (category ?? '').trim().toLowerCase();
  const live = isNull(news.retiredAt);
  const rows = await db
    .select()
    .from(news)
    .where(ALL.has(wanted) ? live : and(live, sql`lower(${news.newsTypeName}) = ${wanted}`))
    .orderBy(desc(news.lastUpdatedTime))
    .limit(LIVE_LIMIT);
  return rows.map((r) => ({
    newsCode: r.newsCode,
    newsHeading: r.newsHeading,
    newsReference: r.newsReference,
    newsTypeName: r.newsTypeName,
    lastUpdatedTime: r.lastUpdatedTime.toISOString(),
    primaryImage: r.primaryImage,
    smallImage: r.smallImage,
  }));
}
