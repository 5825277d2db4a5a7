import { z } from 'zod';

/** Live news of the home page (spec/product.md §3 "News"; spec/calls.md "admin/news/live"). */
export const NEWS_PATHS = { live: 'admin/news/live' } as const;

export const newsItem = z.object({
  newsCode: z.string(),
  newsHeading: z.string(),
  /** The link to the full story. */
  newsReference: z.string(),
  newsTypeName: z.string(),
  /** ISO 8601. */
  lastUpdatedTime: z.string(),
  /** Picture names; null when the item has none (the widget shows a placeholder). */
  primaryImage: z.string().nullable(),
  smallImage: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItem>;

/** category=feature (or none) lists every type; another value filters by newsTypeName. */
export const newsQuery = z.object({ category: z.string().max(40).optional() });
