/**
 * Barter (contract/barter.ts): the services master a listing picks from, members'
 * listings and their pictures. A listing's place is searched by distance in the database:
 * a GiST index on ll_to_earth(from_lat, from_lon) (cube + earthdistance, created by
 * migration 0008_barter) answers `earth_box … @>` before the exact earth_distance.
 */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const serviceKinds = pgTable('service_kinds', {
  serviceCode: text('service_code').primaryKey(),
  serviceName: text('service_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The listing's code (PUT / DELETE service/post/{serviceCode}). */
    code: text('code').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kindCode: text('kind_code')
      .notNull()
      .references(() => serviceKinds.serviceCode),
    heading: text('heading').notNull(),
    description: text('description').notNull(),
    privacyCode: smallint('privacy_code').notNull().default(1),
    appearOn: date('appear_on', { mode: 'string' }).notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }),
    fromPlaceId: text('from_place_id').notNull(),
    fromPlace: text('from_place').notNull(),
    fromLat: doublePrecision('from_lat').notNull(),
    fromLon: doublePrecision('from_lon').notNull(),
    toPlaceId: text('to_place_id'),
    toPlace: text('to_place'),
    toLat: doublePrecision('to_lat'),
    toLon: doublePrecision('to_lon'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_code_uq').on(t.code),
    index('services_author_ix').on(t.authorId),
    index('services_appear_ix').on(t.appearOn, t.createdAt),
    index('services_kind_ix').on(t.kindCode),
    check('services_privacy_ck', sql`${t.privacyCode} in (1, 2, 3)`),
    check('services_dates_ck', sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
  ],
);

export const serviceMedia = pgTable(
  'service_media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('service_media_service_ix').on(t.serviceId, t.position)],
);
