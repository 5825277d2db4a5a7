/**
 * Seeds the live news column. The generated times keep their spacing but end a few minutes
 * before the seeding moment, so a demo seeded on any day shows current news.
 */
import type { Db } from '../db/client';
import { news } from '../db/schema/news';
import type { SeedNews } from './community';

export async function seedNews(db: Db, items: SeedNews[]): Promise<void> {
  if (items.length === 0) return;
  const newest = Math.max(...items.map((n) => Date.parse(n.lastUpdatedTime)));
  const shift = Date.now() - 7 * 60_000 - newest;
  await db
    .insert(news)
    .values(items.map((n) => ({ ...n, lastUpdatedTime: new Date(Date.parse(n.lastUpdatedTime) + shift) })))
    .onConflictDoNothing();
}
