/**
 * pull({ kind: 'barterPage', filters, pageNo }): one page (8) of the barter grid
 * (service/all with the filters) into `services`, its codes and total into `listPages`
 * under the filters' params, so the same filters open offline.
 */
import { BARTER_PAGE_SIZE, BARTER_PATHS, barterItem } from '../../../contract/barter';
import { ACCESS_OK } from '../../../contract/codes';
import { BARTER_GRID, filterParams, mergeServices, type BarterPageRequest } from '../../store/barter-pages';
import { pageKey, putPage } from '../../store/pages';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

export async function pullBarterPage(ctx: SyncContext, member: Member, request: BarterPageRequest): Promise<PullResult> {
  const { db, session } = member;
  const params = filterParams(request.filters);
  const key = pageKey(BARTER_GRID, session.id, params, request.pageNo);
  const query: Record<string, string | number> = { pageNo: request.pageNo, pageSize: BARTER_PAGE_SIZE };
  for (const part of params ? params.split('&') : []) {
    const [name, value] = part.split('=') as [string, string];
    query[name] = value;
  }
  const result = await authed(ctx, member, BARTER_PATHS.all, { query });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = barterItem.array().safeParse((result.body.data as { userServices?: unknown } | undefined)?.userServices ?? []);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await writeMirror(db, [], async () => {
    await mergeServices(db, parsed.data);
    await putPage(db, {
      kind: BARTER_GRID,
      owner: session.id,
      params,
      pageNo: request.pageNo,
      codes: parsed.data.map((i) => i.originalPost.serviceCode),
      totalRecords: result.body.totalRecords ?? parsed.data.length,
      accessCode: ACCESS_OK,
    });
  });
  return pulled(db, key, result.status);
}
