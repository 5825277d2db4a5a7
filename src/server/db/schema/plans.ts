/** Subscription plans and what each one unlocks (reference data, written at every start). */
import { boolean, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const plans = pgTable('plans', {
  planCode: text('plan_code').primaryKey(),
  planName: text('plan_name').notNull(),
  currency: text('currency').notNull(),
  amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  /** Shown as is ("1 Year"); durationMonths computes the plan's end date. */
  duration: text('duration').notNull(),
  durationMonths: integer('duration_months').notNull(),
  storageMb: integer('storage_mb').notNull(),
  featured: boolean('featured').notNull().default(false),
  sortOrder: integer('sort_order').notNull(),
  active: boolean('active').notNull().default(true),
});

export const planFeatures = pgTable(
  'plan_features',
  {
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.planCode, { onDelete: 'cascade' }),
    /** Machine name: group, page, service, chat drive the side menu; storage is informative. */
    featureCode: text('feature_code').notNull(),
    featureName: text('feature_name').notNull(),
    featureValue: text('feature_value').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planCode, t.featureCode] })],
);
