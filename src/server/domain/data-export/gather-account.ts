/**
 * The parts of a data export about the member's account (domain/data-export/gather.ts):
 * profile and vault, settings, billionetts and bulletins. PostgreSQL builds each part's JSON
 * itself (json_agg), so a part is one round trip and arrives as plain values.
 *
 * Other members appear only as what the member already sees of them in the app: their code
 * and display name where they are a billionett, a request or a bulletin's actor.
 */
import { sql, type SQL } from 'drizzle-orm';
import { bulletinText, type BulletinKind } from '../../../contract/bulletins';
import { queryRows, type Db } from '../../db/client';

/** The JSON value of a query selecting one column `v`. */
export async function jsonOf(db: Db, query: SQL): Promise<unknown> {
  const [row] = await queryRows<{ v: unknown }>(db, query);
  return row?.v ?? null;
}

/** `select coalesce(json_agg(x), '[]') from (<rows>) x`: rows as a JSON array (empty, not null). */
export const listOf = (db: Db, rows: SQL) => jsonOf(db, sql`select coalesce(json_agg(x), '[]'::json) as v from (${rows}) x`);

export async function profilePart(db: Db, me: number): Promise<unknown> {
  return jsonOf(
    db,
    sql`select json_build_object(
          'userCode', u.user_code, 'displayName', u.display_name, 'firstName', u.first_name, 'lastName', u.last_name,
          'email', u.email, 'mobile', u.mobile, 'gender', u.gender, 'dateOfBirth', u.date_of_birth,
          'about', u.about, 'profession', coalesce(p.profession_name, u.profession_code), 'location', u.location_name,
          'personalDetailsPrivacyCode', u.privacy_code, 'plan', u.plan_code, 'picture', u.profile_dp, 'pictureFile', 'media/source/' || u.profile_dp,
          'memberSince', u.created_at) as v
        from users u left join professions p on p.profession_code = u.profession_code where u.id = ${me}`,
  );
}

export async function vaultPart(db: Db, me: number): Promise<unknown> {
  const work = await listOf(
    db,
    sql`select w.work_code "workCode", c.name company, p.name position, l.name location, w.working,
          w.start_date "startDate", w.end_date "endDate", w.privacy_code "privacyCode", w.created_at "createdAt"
        from works w join companies c on c.code = w.company_code join positions p on p.code = w.position_code
          join locations l on l.code = w.location_code
        where w.user_id = ${me} order by w.start_date`,
  );
  const education = await listOf(
    db,
    sql`select e.education_code "educationCode", i.name institute, c.name course, l.name location, e.graduated,
          e.start_date "startDate", e.end_date "endDate", e.privacy_code "privacyCode", e.created_at "createdAt"
        from educations e join institutes i on i.code = e.institute_code join courses c on c.code = e.course_code
          join locations l on l.code = e.location_code
        where e.user_id = ${me} order by e.start_date`,
  );
  return { work, education };
}

export async function settingsPart(db: Db, me: number): Promise<unknown> {
  return {
    privacy: await listOf(db, sql`select feature_code "featureCode", privacy_code "privacyCode" from user_privacy_settings where user_id = ${me} order by 1`),
    bulletins: await listOf(db, sql`select feature_code "featureCode", notify from user_notify_settings where user_id = ${me} order by 1`),
    passkeys: await listOf(db, sql`select name, created_at "createdAt", last_used_at "lastUsedAt" from passkeys where user_id = ${me} order by created_at`),
    twoStepSignIn: Boolean(await jsonOf(db, sql`select exists (select 1 from totp_factors where user_id = ${me} and confirmed_at is not null) as v`)),
    note: 'A setting that is not listed has its default: Everyone (1) for privacy, Yes for bulletins.',
  };
}

export async function billionettsPart(db: Db, me: number): Promise<unknown> {
  const person = (id: SQL) => sql`(select json_build_object('userCode', u.user_code, 'displayName', u.display_name) from users u where u.id = ${id})`;
  return {
    billionetts: await listOf(
      db,
      sql`select ${person(sql`case when f.user_a = ${me} then f.user_b else f.user_a end`)} as member, f.created_at since
          from friendships f where ${me} in (f.user_a, f.user_b) order by f.created_at`,
    ),
    requestsSent: await listOf(db, sql`select ${person(sql`r.to_id`)} as "to", r.created_at "sentAt" from friend_requests r where r.from_id = ${me} order by r.created_at`),
    requestsReceived: await listOf(db, sql`select ${person(sql`r.from_id`)} as "from", r.created_at "receivedAt" from friend_requests r where r.to_id = ${me} order by r.created_at`),
    references: await listOf(
      db,
      sql`select ref_code "refCode", name, contact, profession_code "professionCode", notified, created_at "createdAt"
          from friend_references where owner_id = ${me} order by created_at`,
    ),
  };
}

type BulletinRow = { kind: BulletinKind; subject_name: string | null; repeats: number; actor_name: string; url: string; created_at: Date | string; read_at: Date | string | null };

export async function bulletinsPart(db: Db, me: number): Promise<unknown> {
  const rows = await queryRows<BulletinRow>(
    db,
    sql`select b.kind, b.subject_name, b.repeats, a.display_name as actor_name, b.url, b.created_at, b.read_at
        from bulletins b join users a on a.id = b.actor_id where b.user_id = ${me} order by b.id`,
  );
  return rows.map((b) => ({
    text: bulletinText({ kind: b.kind, repeats: b.repeats, subjectName: b.subject_name, actorName: b.actor_name }),
    kind: b.kind,
    opens: b.url,
    createdAt: new Date(b.created_at).toISOString(),
    read: b.read_at !== null,
  }));
}
