/**
 * The spec's constants (spec/product.md §9, spec/calls.md §9). One place, so a
 * page size or a code never drifts between server, worker and screens.
 */
export const API_VERSION = 'v1';
export const API_BASE = `/api/${API_VERSION}`;

/** data.code of auth/validateEmailId|validateMobileNo when the account exists. */
export const CODE_EXISTS = '101';
/** accessCode of a list or feature the viewer may not see. */
export const ACCESS_RESTRICTED = 106;
export const ACCESS_OK = 0;
/** statusCode of an active (navigable) circle or slate. */
export const STATUS_ACTIVE = 9;
/** A response code of 200 or more counts as success; share and updates answer 201. */
export const CODE_OK = 200;
export const CODE_CREATED = 201;

export const DEFAULT_PRIVACY_CODE = 1;
export const PRIVACY = { everyone: 1, billionetts: 2, onlyMe: 3 } as const;
export const DEFAULT_TOKEN_TYPE = 'Bearer';
export const HTTP_TIMEOUT_MS = 60_000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const MINIMUM_AGE = 18;

export const ENTRY_TYPE = { poll: 1, occasion: 2, transit: 3, theatre: 4, entry: 5 } as const;
export const FEED_FILTER = { poll: 1, occasion: 2, transit: 3, entry: 5, gallery: 11, archive: 16, tags: 18 } as const;

export const PAGE_SIZE = {
  feed: 5,
  comments: 3,
  replies: 5,
  inviteList: 6,
  friends: 10,
  lists: 4,
  search: 16,
  barter: 8,
  chatLists: 100,
  chat: 50,
  bulletins: 16,
} as const;
export const FIRST_PAGE = 1;

/** Outbox and chat socket backoff: 250 ms doubling, capped at 10 s. */
export const BACKOFF_START_MS = 250;
export const BACKOFF_CAP_MS = 10_000;

export const TOAST_MS = 3000;
/** Storage keys the spec names for the session in browser storage. */
export const STORAGE_KEYS = { accessToken: 'accessToken', userData: 'userData' } as const;

export const PLAN_CODES = ['emerald', 'ruby', 'sapphire'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

/**
 * Features a member sets a privacy for (DESIGN.md privacy model). "personal" is the vault's
 * personal details; work and education have per-row privacy too; the rest are suite tabs.
 */
export const PRIVACY_FEATURES = ['personal', 'work', 'education', 'suite', 'billionetts', 'circles', 'slates', 'calls'] as const;
export type PrivacyFeature = (typeof PRIVACY_FEATURES)[number];
/**
 * A feature's privacy until the member changes it (and after a reset): 1 Everyone, except
 * 'calls' (issue 30) — who may call the member: only billionetts ever can, so Everyone and
 * Billionetts mean the same there and Only me turns calls off; it starts at Billionetts.
 */
export function defaultPrivacyOf(feature: PrivacyFeature): number {
  return feature === 'calls' ? PRIVACY.billionetts : DEFAULT_PRIVACY_CODE;
}
/** code of a news answer (spec §9: "news feature code 0"). */
export const NEWS_CODE_OK = 0;
