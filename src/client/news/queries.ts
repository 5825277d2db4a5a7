/** Live news as the home column reads it: a live Dexie query, newest first. */
import { useLiveQuery } from '../store/live-query';
import type { NewsItem } from '../../contract/news';
import { memberDb } from '../store/db';

export function useNews(me: string): NewsItem[] | undefined {
  // oxlint-disable-next-line unicorn/no-array-reverse -- Dexie's Collection.reverse(), not Array's.
  return useLiveQuery(() => memberDb(me).news.orderBy('lastUpdatedTime').reverse().toArray(), [me]);
}
