/**
 * Which entries a viewer may see, as SQL over the `posts` row (DESIGN.md privacy model):
 * 1 Everyone, 2 the author's billionetts, 3 only the author. Every feed mode, search and
 * single read puts this in its WHERE, so a hidden entry (and its media paths) is never
 * selected at all — it cannot leak through a mapping bug later.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PRIVACY } from '../../../contract/codes';
import { friendships } from '../../db/schema/friendships';
import { posts } from '../../db/schema/entries';

/** `a` and `b` (SQL integer expressions) are billionetts. Friendships store user_a < user_b. */
export const friendsSql = (a: SQL | number, b: SQL | number): SQL =>
  sql`exists (select 1 from ${friendships} where ${friendships.userA} = least(${a}, ${b}) and ${friendships.userB} = greatest(${a}, ${b}))`;

export const visibleTo = (viewerId: number): SQL =>
  sql`(${posts.authorId} = ${viewerId} or ${posts.privacyCode} = ${PRIVACY.everyone} or (${posts.privacyCode} = ${PRIVACY.billionetts} and ${friendsSql(sql`${posts.authorId}`, viewerId)}))`;
