/** The master lists' paths, apart from their schemas (masters.ts re-exports them; auth-paths.ts says why). */
export const MASTER_PATHS = {
  privacies: 'privacies',
  professions: 'professions',
  emojis: 'emojis',
  /** The services barter offers (contract/barter.ts serviceKind), whole: the form picks offline too. */
  services: 'services',
  plans: 'admin/plan/active',
} as const;
