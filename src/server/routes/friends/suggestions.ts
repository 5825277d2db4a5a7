/**
 * Suggested billionetts, ranked by what a member would value (issue 5):
 *   1. friends of friends, by the number of billionetts in common;
 *   2. shared circles (none yet — the circles issue adds a term here);
 *   3. the same profession; 4. the same location.
 * Never the member, their billionetts, anyone with a pending request either way, or anyone
 * they dismissed. Everyone else still appears after the ranked ones, so a brand-new member
 * with no friends yet has suggestions too. One SQL statement: 200 or 20,000 members, the
 * ranking happens in the database.
 */
import { sql } from 'drizzle-orm';
import type { ConnectionCard } from '../../../contract/friends';
import type { Db } from '../../db/client';
import { toCard, type Listed, type Page } from './repo';

type Row = {
  userCode: string;
  displayName: string;
  planName: string;
  professionName: string | null;
  profileDp: string | null;
  gender: string;
  mutual: number | string;
  total: number | string;
};

export async function listSuggestions(db: Db, meId: number, page: Page): Promise<Listed> {
  const offset = (page.pageNo - 1) * page.pageSize;
  const query = sql`
    with me as (
      select id, profession_code, location_name from users where id = ${meId}
    ),
    edges as (
      select user_a as a, user_b as b from friendships
      union all
      select user_b as a, user_a as b from friendships
    ),
    mine as (select b as id from edges where a = ${meId}),
    excluded as (
      select ${meId}::integer as id
      union select id from mine
      union select to_id from friend_requests where from_id = ${meId}
      union select from_id from friend_requests where to_id = ${meId}
      union select dismissed_id from friend_dismissals where user_id = ${meId}
    ),
    mutual as (
      select e.b as id, count(*)::integer as n from edges e join mine on mine.id = e.a group by e.b
    )
    select u.user_code as "userCode", u.display_name as "displayName", p.plan_name as "planName",
           pr.profession_name as "professionName", u.profile_dp as "profileDp", u.gender,
           coalesce(mutual.n, 0) as mutual, count(*) over () as total
    from users u
    cross join me
    join plans p on p.plan_code = u.plan_code
    left join professions pr on pr.profession_code = u.profession_code
    left join mutual on mutual.id = u.id
    where u.id not in (select id from excluded)
    order by coalesce(mutual.n, 0) desc,
             (u.profession_code <> '' and u.profession_code = me.profession_code) desc,
             (u.location_name <> '' and u.location_name = me.location_name) desc,
             u.id
    limit ${page.pageSize} offset ${offset}`;
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const cards: ConnectionCard[] = rows.map((r) => ({ ...toCard(r), mutualFriends: Number(r.mutual) }));
  // A page past the end has no rows to carry the window count; count separately then.
  const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await countSuggestions(db, meId) : 0;
  return { rows: cards, total };
}

async function countSuggestions(db: Db, meId: number): Promise<number> {
  const query = sql`
    select count(*)::integer as n from users u
    where u.id <> ${meId}
      and u.id not in (select case when user_a = ${meId} then user_b else user_a end from friendships where user_a = ${meId} or user_b = ${meId})
      and u.id not in (select to_id from friend_requests where from_id = ${meId})
      and u.id not in (select from_id from friend_requests where to_id = ${meId})
      and u.id not in (select dismissed_id from friend_dismissals where user_id = ${meId})`;
  const result = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
