/**
 * pull({ kind: 'barterPage', filters, pageNo }): one page (8) of the barter grid
 * (service/all with the filters) into `services`, its codes and total into `listPages`
 * under the filters' params, so the same filters open offline;
 * pull({ kind: 'barterSearch', q, pageNo }): one page (16) of search/service, per text.
 */
import { BARTER_PAGE_SIZE, BARTER_PATHS, barterItem } from '../../../contract/barter';
import { ACCESS_OK } from '../../../contract/codes';
import { SEARCH_PAGE_SIZE } from '../../../contract/search';
import { BARTER_GRID, BARTER_SEARCH, filterParams, mergeServices, type BarterPageRequest } from '../../store/barter-pages';
import { pageKey, putPage } from '../../store/pages';
import { writeMirror } from '../../store/mirror';
import type { PullResult } from '../api';
import { authed, type Member, type SyncContext } from '../context';
import { badAnswer, pulled, pullFailed } from './outcome';

/** Where each pull asks, under which mirrored page, and where the answer keeps its rows. */
function callOf(request: BarterPageRequest): { kind: string; params: string; path: string; query: Record<string, string | number>; field: string } {
  if (request.kind === 'barterSearch') {
    const q = request.q.trim();
    return { kind: BARTER_SEARCH, params: q, path: BARTER_PATHS.search, query: { keyword: q, pageNo: request.pageNo, pageSize: SEARCH_PAGE_SIZE }, field: 'searchedServices' };
  }
  const params = filterParams(request.filters);
  const query: Record<string, string | number> = { pageNo: request.pageNo, pageSize: BARTER_PAGE_SIZE };
  for (const part of params ? params.split('&') : []) {
    const [name, value] = part.split('=') as [string, string];
    query[name] = value;
  }
  return { kind: BARTER_GRID, params, path: BARTER_PATHS.all, query, field: 'userServices' };
}

export async function pullBarterPage(ctx: SyncContext, member: Member, request: BarterPageRequest): Promise<PullResult> {
  const { db, session } = member;
  const { kind, params, path, query, field } = callOf(request);
  const key = pageKey(kind, session.id, params, request.pageNo);
  const result = await authed(ctx, member, path, { query });
  if (result.kind !== 'ok') return pullFailed(db, key, result);
  const parsed = barterItem.array().safeParse((result.body.data as Record<string, unknown> | undefined)?.[field] ?? []);
  if (!parsed.success) return badAnswer(db, key, result.status);
  await writeMirror(db, [], async () => {
    await mergeServices(db, parsed.data);
    await putPage(db, {
      kind,
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
