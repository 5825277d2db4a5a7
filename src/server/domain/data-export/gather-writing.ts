/**
 * The parts of a data export the member wrote (domain/data-export/gather.ts): entries,
 * comments, ratings and votes, circles and slates, barter listings, telex.
 *
 * Only the member's own words: their comments name the entry they are on by its code, not
 * its text (another member's entry is theirs); other members' comments on the member's
 * entries stay out. Telex is the exception the member's conversations make: both sides of
 * each, which the member already reads in the app.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listOf } from './gather-account';

export function entriesPart(db: Db, me: number): Promise<unknown> {
  return listOf(
    db,
    sql`select p.post_code "postCode", p.feature_code "featureCode", p.description,
          p.origin_type "postedOn", ou.user_code "onSuiteOf", c.group_code "onCircle", s.page_code "onSlate",
          p.privacy_code "privacyCode", p.emoji_code "emojiCode", p.activity_code "activityCode",
          p.from_place "fromPlace", p.from_lat "fromLat", p.from_lon "fromLon", p.to_place "toPlace", p.to_lat "toLat", p.to_lon "toLon",
          p.from_at "fromAt", p.to_at "toAt",
          p.poll_question "pollQuestion", array_remove(array[p.poll_option1, p.poll_option2, p.poll_option3], null) "pollOptions",
          p.is_share "isShare", sp.post_code "sharedEntry", p.created_at "createdAt",
          (select coalesce(json_agg(json_build_object('path', m.path, 'file', ltrim(m.path, '/'), 'mediaType', m.media_type, 'albumName', m.album_name) order by m.ord), '[]'::json)
             from post_media m where m.post_id = p.id) media,
          (select coalesce(json_agg(tu.user_code), '[]'::json) from post_tags t join users tu on tu.id = t.user_id where t.post_id = p.id) "taggedMembers"
        from posts p
          left join users ou on ou.id = p.origin_user_id
          left join circles c on c.id = p.origin_group_id
          left join slates s on s.id = p.origin_page_id
          left join posts sp on sp.id = p.shared_post_id
        where p.author_id = ${me} order by p.created_at, p.id`,
  );
}

export function commentsPart(db: Db, me: number): Promise<unknown> {
  return listOf(
    db,
    sql`select c.comment_code "commentCode", p.post_code "onEntry", parent.comment_code "replyTo", c.body,
          c.created_at "createdAt", c.updated_at "updatedAt"
        from comments c join posts p on p.id = c.post_id left join comments parent on parent.id = c.parent_id
        where c.author_id = ${me} order by c.created_at, c.id`,
  );
}

export async function ratingsPart(db: Db, me: number): Promise<unknown> {
  return {
    // Stored in half steps; given in stars.
    ratings: await listOf(db, sql`select p.post_code "postCode", r.halves / 2.0 as rating from post_ratings r join posts p on p.id = r.post_id where r.user_id = ${me} order by p.post_code`),
    pollVotes: await listOf(db, sql`select p.post_code "postCode", v.option from poll_votes v join posts p on p.id = v.post_id where v.user_id = ${me} order by p.post_code`),
    commentReactions: await listOf(
      db,
      sql`select c.comment_code "commentCode", r.exp as reaction from comment_reactions r join comments c on c.id = r.comment_id where r.user_id = ${me} order by c.comment_code`,
    ),
    archive: await listOf(db, sql`select p.post_code "postCode", s.created_at "savedAt" from saved_posts s join posts p on p.id = s.post_id where s.user_id = ${me} order by s.created_at`),
  };
}

export async function circlesPart(db: Db, me: number): Promise<unknown> {
  const owned = (table: 'circles' | 'slates', code: 'group_code' | 'page_code', people: 'circle_members' | 'slate_followers', key: 'circle_id' | 'slate_id') =>
    listOf(
      db,
      sql`select o.${sql.raw(code)} code, o.name, o.caption, o.description, o.type_code "typeCode", o.category_name category,
            o.privacy_code "privacyCode", o.status_code "statusCode", o.entries_privacy "entriesPrivacy",
            o.members_privacy "membersPrivacy", o.requests_privacy "requestsPrivacy", o.profile_pic picture, 'media/source/' || o.profile_pic "pictureFile", o.created_at "createdAt",
            (select count(*)::int from ${sql.raw(people)} m where m.${sql.raw(key)} = o.id) people
          from ${sql.raw(table)} o where o.admin_id = ${me} order by o.created_at`,
    );
  return {
    circlesOwned: await owned('circles', 'group_code', 'circle_members', 'circle_id'),
    slatesOwned: await owned('slates', 'page_code', 'slate_followers', 'slate_id'),
    circlesJoined: await listOf(
      db,
      sql`select c.group_code code, c.name, m.joined_at "joinedAt" from circle_members m join circles c on c.id = m.circle_id
          where m.user_id = ${me} and c.admin_id <> ${me} order by m.joined_at`,
    ),
    slatesFollowed: await listOf(
      db,
      sql`select s.page_code code, s.name, f.followed_at "followedAt" from slate_followers f join slates s on s.id = f.slate_id
          where f.user_id = ${me} order by f.followed_at`,
    ),
  };
}

export function barterPart(db: Db, me: number): Promise<unknown> {
  return listOf(
    db,
    sql`select s.code "serviceCode", k.service_name kind, s.heading, s.description, s.privacy_code "privacyCode",
          s.appear_on "appearOn", s.from_date "fromDate", s.to_date "toDate",
          s.from_place "fromPlace", s.from_lat "fromLat", s.from_lon "fromLon", s.to_place "toPlace", s.to_lat "toLat", s.to_lon "toLon",
          s.created_at "createdAt",
          (select coalesce(json_agg(json_build_object('path', m.path, 'file', ltrim(m.path, '/')) order by m.position), '[]'::json)
             from service_media m where m.service_id = s.id) pictures
        from services s join service_kinds k on k.service_code = s.kind_code
        where s.author_id = ${me} order by s.created_at`,
  );
}

export function telexPart(db: Db, me: number): Promise<unknown> {
  return listOf(
    db,
    sql`select case when m.sender_id = ${me} then 'sent' else 'received' end direction,
          peer.user_code "withMember", peer.display_name "withName", m.body, m.created_at "sentAt", m.read_at "readAt"
        from chat_messages m join users peer on peer.id = case when m.sender_id = ${me} then m.recipient_id else m.sender_id end
        where m.sender_id = ${me} or m.recipient_id = ${me} order by m.seq`,
  );
}
