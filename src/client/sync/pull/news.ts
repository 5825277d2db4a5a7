/**
 * pull({ kind: 'news' }): the live news of the home column (admin/news/live?category=feature,
 * success code 0) replaces the `news` mirror whole, so an item the admin retired leaves the
 * device too; offline the column shows what was last pulled.
 */
import { z } from 'zod';
import { NEWS_CODE_OK } from '../../../contract/codes';
import { NEWS_PATHS, newsItem } from '../../../contract/news';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

const newsList = z.array(newsItem);

export async function pullNews(ctx: SyncContext, member: Member): Promise<PullResult> {
  const { db } = member;
  const key = 'news';
  const result = await authed(ctx, member, `${NEWS_PATHS.live}?category=feature`);
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = newsList.safeParse(result.body.data);
  if (Number(result.body.code) !== NEWS_CODE_OK || !parsed.success) return badAnswer(db, key, result.status);
  await writeMirror(db, [], async () => {
    await db.news.clear();
    await db.news.bulkPut(parsed.data);
  });
  return pulled(db, key, result.status);
}
