/**
 * Which entries a viewer may see, as SQL over the `posts` row (DESIGN.md privacy model,
 * contract/circles.ts for circles and slates). Every feed mode, search and single read
 * puts this in its WHERE, so a hidden entry (and its media paths) is never selected at
 * all — it cannot leak through a mapping bug later.
 * - On a member's suite: 1 Everyone, 2 the author's billionetts, 3 only the author.
 * - On a circle: the circle must be readable by the viewer; then 1 reaches every reader,
 *   2 the circle's members, 3 only the author.
 * - On a slate: likewise with the slate's followers (and its admin) for 2.
 * The circle and slate readability rules live here too, so the circle routes and the
 * entry routes cannot drift apart. `allowsSql` is privacy.ts's `allows` as SQL
 * (tests/server/privacy-forms.test.ts checks that both forms agree).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PRIVACY } from '../../contract/codes';
import { circleMembers, circles, slateFollowers, slates } from '../db/schema/circles';
import { friendships } from '../db/schema/friendships';
import { posts } from '../db/schema/entries';

/**
 * Who is looking: an id, or a placeholder for one in a statement built once and run for
 * every viewer (routes/entries/feed-page.ts).
 */
export type Viewer = number | Placeholder;
type Ref = SQL | AnyPgColumn | Viewer;

/**
 * The privacy codes as literals in the text, not parameters: a statement prepared once
 * (feed-page.ts) is then planned knowing them, as a generic plan can (a parameter is any value
 * to it), and its estimates stay those of a custom plan, so PostgreSQL keeps the generic one.
 */
const P = Object.fromEntries(Object.entries(PRIVACY).map(([k, v]) => [k, sql.raw(String(Number(v)))])) as Record<keyof typeof PRIVACY, SQL>;

/** `a` and `b` (SQL integer expressions) are billionetts. Friendships store user_a < user_b. */
export const friendsSql = (a: Ref, b: Ref): SQL =>
  sql`exists (select 1 from ${friendships} where ${friendships.userA} = least(${a}, ${b}) and ${friendships.userB} = greatest(${a}, ${b}))`;

/** The viewer is a member of the circle (its admin is one too). */
export const circleMemberSql = (circleId: Ref, viewerId: Viewer): SQL =>
  sql`exists (select 1 from ${circleMembers} where ${circleMembers.circleId} = ${circleId} and ${circleMembers.userId} = ${viewerId})`;

export const slateFollowerSql = (slateId: Ref, viewerId: Viewer): SQL =>
  sql`exists (select 1 from ${slateFollowers} where ${slateFollowers.slateId} = ${slateId} and ${slateFollowers.userId} = ${viewerId})`;

type CircleCols = { id: AnyPgColumn; privacyCode: AnyPgColumn; adminId: AnyPgColumn };

/** A circle row the viewer may read: 1 anyone; 2 members and the admin's billionetts; 3 members. */
export const circleReadableSql = (c: CircleCols, viewerId: Viewer): SQL =>
  sql`(${c.privacyCode} = ${P.everyone} or ${circleMemberSql(c.id, viewerId)} or (${c.privacyCode} = ${P.billionetts} and ${friendsSql(c.adminId, viewerId)}))`;

/** A slate row the viewer may read: its admin; 1 anyone; 2 followers and the admin's billionetts; 3 the admin alone. */
export const slateReadableSql = (s: CircleCols, viewerId: Viewer): SQL =>
  sql`(${s.adminId} = ${viewerId} or ${s.privacyCode} = ${P.everyone} or (${s.privacyCode} = ${P.billionetts} and (${slateFollowerSql(s.id, viewerId)} or ${friendsSql(s.adminId, viewerId)})))`;

/*
 * The viewer's ties as uncorrelated `array(select …)` subqueries: PostgreSQL runs each once
 * per statement (an InitPlan) and each entry row then tests `= any(…)`, where per-row
 * `exists` probes (friendships by least/greatest) made the feed's count and page scans cost
 * 5–8 ms a query and PGlite ~15 ms (BUDGETS.md: feed p99 ≤ 50 ms at 500/s). No cache, so a
 * new billionett, a left circle or an unfollowed slate counts at once.
 */

/** The viewer's billionetts' ids (friendships store user_a < user_b, so both halves). */
export const friendIdsSql = (viewerId: Viewer): SQL =>
  sql`array(select ${friendships.userB} from ${friendships} where ${friendships.userA} = ${viewerId} union all select ${friendships.userA} from ${friendships} where ${friendships.userB} = ${viewerId})`;

/** The circles the viewer is a member of (the admin is one too). */
export const memberCircleIdsSql = (viewerId: Viewer): SQL =>
  sql`array(select ${circleMembers.circleId} from ${circleMembers} where ${circleMembers.userId} = ${viewerId})`;

/** The slates the viewer follows. */
export const followedSlateIdsSql = (viewerId: Viewer): SQL =>
  sql`array(select ${slateFollowers.slateId} from ${slateFollowers} where ${slateFollowers.userId} = ${viewerId})`;

/** privacy.ts `allows` as SQL: the owner themself, 1 anyone, 2 the owner's billionetts. */
export const allowsSql = (privacyCode: Ref, ownerId: Ref, viewerId: Viewer): SQL =>
  sql`(${ownerId} = ${viewerId} or ${privacyCode} = ${P.everyone} or (${privacyCode} = ${P.billionetts} and ${ownerId} = any(${friendIdsSql(viewerId)})))`;

const onSuite = (viewerId: Viewer): SQL => sql`(${posts.originType} = 'user' and ${allowsSql(posts.privacyCode, posts.authorId, viewerId)})`;

/** Same rules as circleReadableSql, and 2 reaches the members only; the circle's 'entries' privacy narrows it further (policy/origins.ts featureVisible). */
const onCircle = (viewerId: Viewer): SQL =>
  sql`(${posts.originType} = 'group' and ${posts.privacyCode} <> ${P.onlyMe} and exists (select 1 from ${circles} where ${circles.id} = ${posts.originGroupId} and (${circles.privacyCode} = ${P.everyone} or ${circles.id} = any(${memberCircleIdsSql(viewerId)}) or (${circles.privacyCode} = ${P.billionetts} and ${circles.adminId} = any(${friendIdsSql(viewerId)}))) and (${posts.privacyCode} = ${P.everyone} or ${circles.id} = any(${memberCircleIdsSql(viewerId)})) and (${circles.entriesPrivacy} = ${P.everyone} or ${circles.id} = any(${memberCircleIdsSql(viewerId)}) or (${circles.entriesPrivacy} = ${P.billionetts} and ${circles.adminId} = any(${friendIdsSql(viewerId)})))))`;

/** Same rules as slateReadableSql, and 2 reaches the admin and the followers only; then the slate's 'entries' privacy. */
const onSlate = (viewerId: Viewer): SQL =>
  sql`(${posts.originType} = 'page' and ${posts.privacyCode} <> ${P.onlyMe} and exists (select 1 from ${slates} where ${slates.id} = ${posts.originPageId} and (${slates.adminId} = ${viewerId} or ${slates.privacyCode} = ${P.everyone} or (${slates.privacyCode} = ${P.billionetts} and (${slates.id} = any(${followedSlateIdsSql(viewerId)}) or ${slates.adminId} = any(${friendIdsSql(viewerId)})))) and (${posts.privacyCode} = ${P.everyone} or ${slates.adminId} = ${viewerId} or ${slates.id} = any(${followedSlateIdsSql(viewerId)})) and (${slates.entriesPrivacy} = ${P.everyone} or ${slates.adminId} = ${viewerId} or ${slates.id} = any(${followedSlateIdsSql(viewerId)}) or (${slates.entriesPrivacy} = ${P.billionetts} and ${slates.adminId} = any(${friendIdsSql(viewerId)})))))`;

export const visibleTo = (viewerId: Viewer): SQL =>
  sql`(${posts.authorId} = ${viewerId} or ${onSuite(viewerId)} or ${onCircle(viewerId)} or ${onSlate(viewerId)})`;
