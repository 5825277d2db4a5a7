import { z } from 'zod';

/** Master lists (spec/product.md §3): privacies, professions, emojis, plans. */
export const privacy = z.object({ privacyCode: z.number().int(), privacyName: z.string() });
export type Privacy = z.infer<typeof privacy>;

export const profession = z.object({ professionCode: z.string(), professionName: z.string() });
export type Profession = z.infer<typeof profession>;

export const emoji = z.object({
  emojiType: z.enum(['feeling', 'activity']),
  emojiCode: z.string(),
  emojiName: z.string(),
  emojiDisplay: z.string(),
  emojiIcon: z.string(),
});
export type Emoji = z.infer<typeof emoji>;

export const planFeature = z.object({ featureName: z.string(), featureValue: z.string() });
export const plan = z.object({
  planCode: z.string(),
  planName: z.string(),
  currency: z.string(),
  amount: z.number(),
  duration: z.string(),
  planFeatures: z.array(planFeature),
});
export type Plan = z.infer<typeof plan>;

export { MASTER_PATHS } from './master-paths';
