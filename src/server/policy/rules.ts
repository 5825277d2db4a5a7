/**
 * What each API route declares about who may call it and how it writes, in its
 * `config` (the one place a route's authorization is written down). plugins/policy.ts
 * enforces every rule in one place and refuses to start with an API route that declares
 * none, so a new route cannot forget its rule.
 *
 *   config: { access: { owner: 'params.userCode' }, write: 'once' }
 */
import type { PrivacyFeature } from '../../contract/codes';
import type { OriginKind } from './origins';

/** Where a member's code sits in the request: a path param, a query field or a JSON body field. */
export type Where = `params.${string}` | `query.${string}` | `body.${string}`;

export type Access =
  /** No session: signing up and in, password reset, health, the OpenAPI document, the plans. */
  | 'anyone'
  /**
   * Any signed-in member. What such a route reads is narrowed in its query by the privacy
   * rules (policy/privacy.ts, policy/visibility.ts), and what it writes is the caller's own
   * (their userCode is never taken from the request) or checked inside the write, where a
   * replay must answer the first answer rather than a later 404.
   */
  | 'member'
  /** Only the member named at `Where` may call: anyone else gets 403. */
  | { owner: Where }
  /**
   * A multipart form names the owner: the handler parses it and calls policy's
   * `ownerOfForm` before acting (the plugin fails an answer that skipped it).
   */
  | { owner: 'form.userCode' }
  /**
   * Reads one feature of the member named at `of` (the caller when absent): when that
   * member's privacy for `feature` hides it from the caller, the answer is 200 with
   * accessCode 106 and no rows, whatever the handler would have sent. The handler gets the
   * owner and the relation from `viewedOf(request)`.
   */
  | { reads: PrivacyFeature; of: Where }
  /**
   * One circle or slate, named at `at` (policy/origins.ts): missing, not readable, or
   * paused and not the caller's → 404 alike; role 'owner' and not theirs → 403; `reads`
   * a feature its privacy hides from the caller → 200, accessCode 106, no rows. The
   * handler gets it from `originOf(request)`.
   */
  | { origin: OriginKind; at: Where; role: 'reader' | 'owner'; reads?: 'entries' | 'members' }
  /** A member whose plan includes the feature (user/menu's group / page): anyone else gets 403. */
  | { plan: 'group' | 'page' }
  /**
   * A member's own thing named at `at` (a barter listing): missing or hidden from the caller
   * → 404 alike; another member's → 403. The handler gets its id from `authoredOf(request)`.
   */
  | { author: 'service'; at: Where };

export type Write =
  /** Exactly once per Idempotency-Key: the handler writes through `writeOnce` (a public write, with its own scope, through `idempotentWrite`). */
  | 'once'
  /** A POST that changes nothing (a sign-in, an existence check). */
  | 'none'
  /** Repeating it is harmless, so no key is kept; the reason is required. */
  | { repeatable: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    write?: Write;
  }
}

export type RouteRule = { method: string; url: string; access: Access; write?: Write };
