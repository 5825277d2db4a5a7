/** Seeds the live news column. */
import type { Db } from '../db/client';
import { news } from '../db/schema/news';
import type { SeedNews } from './community';

export async function seedNews(db: Db, items: SeedNews[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(news)
    .values(items.map((n) => ({ ...n, lastUpdatedTime: new Date(n.lastUpdatedTime) })))
    .onConflictDoNothing();
}
