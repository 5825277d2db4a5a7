/**
 * The vault's work and education rows and the lookups they pick from (companies,
 * positions, locations, institutes, courses). Lookups are reference data (seeded at every
 * start); a row keeps the lookup's code, and its name is read through the join, so a
 * corrected name shows everywhere.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { privacies } from './masters';

const lookup = (name: string) =>
  pgTable(name, {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  });

export const companies = lookup('companies');
export const positions = lookup('positions');
export const locations = lookup('locations');
export const institutes = lookup('institutes');
export const courses = lookup('courses');

export const works = pgTable(
  'works',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Random opaque code (userWorkCode/workCode in every payload). */
    workCode: text('work_code').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyCode: text('company_code')
      .notNull()
      .references(() => companies.code),
    positionCode: text('position_code')
      .notNull()
      .references(() => positions.code),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    working: text('working').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    privacyCode: integer('privacy_code')
      .notNull()
      .references(() => privacies.privacyCode),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('works_work_code_uq').on(t.workCode),
    index('works_user_ix').on(t.userId),
    check('works_working_ck', sql`${t.working} in ('Yes', 'No')`),
    // The spec: an end date only when not working; never before the start.
    check('works_end_ck', sql`(${t.working} = 'Yes' and ${t.endDate} is null) or (${t.working} = 'No' and ${t.endDate} >= ${t.startDate})`),
  ],
);

export const educations = pgTable(
  'educations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    educationCode: text('education_code').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instituteCode: text('institute_code')
      .notNull()
      .references(() => institutes.code),
    courseCode: text('course_code')
      .notNull()
      .references(() => courses.code),
    locationCode: text('location_code')
      .notNull()
      .references(() => locations.code),
    graduated: text('graduated').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    privacyCode: integer('privacy_code')
      .notNull()
      .references(() => privacies.privacyCode),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('educations_education_code_uq').on(t.educationCode),
    index('educations_user_ix').on(t.userId),
    check('educations_graduated_ck', sql`${t.graduated} in ('Yes', 'No')`),
    check('educations_end_ck', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);
