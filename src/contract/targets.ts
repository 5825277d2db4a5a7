/**
 * Outbox target keys (contract/mutations.ts `target`): queued writes with the same key
 * replay strictly in order, a failed one holding back the rest, and a pull that rewrites
 * a target's rows redraws its unsent writes on top. The kinds, the client's outbox
 * queries and its mirror writes must spell a key alike, so it is spelled only here.
 */
export const targets = {
  /** The member's own profile and personal details (about, personal). */
  profile: (userCode: string) => `profile:${userCode}`,
  /** The member's work and education rows. */
  vault: (userCode: string) => `vault:${userCode}`,
  /** The member's privacy and bulletin settings. */
  settings: (userCode: string) => `settings:${userCode}`,
  /** One per member: accept, request, remove and unfriend go strictly in order. */
  friends: (userCode: string) => `friends:${userCode}`,
  /** Every write on an entry, so a comment on an entry written offline waits for its create. */
  entry: (postCode: string) => `entry:${postCode}`,
  /** One per member: their follow, Later, leave and invitation answers on circles, in order. */
  circles: (userCode: string) => `circles:${userCode}`,
  /** One per member: their follow, Later and unfollow on slates, in order. */
  slates: (userCode: string) => `slates:${userCode}`,
  /** One per circle: its owner's answers to asks, invitations and removals, in order. */
  circle: (groupCode: string) => `circle:${groupCode}`,
  /** One per slate: its admin's answers to asks and removals. */
  slate: (pageCode: string) => `slate:${pageCode}`,
  /** One barter listing (its code: the client's UUID for one written offline). */
  service: (serviceCode: string) => `service:${serviceCode}`,
  /** One per member: marking their bulletins read. */
  bulletins: (userCode: string) => `bulletins:${userCode}`,
  /** One per peer: telexes to one member go strictly in order. */
  telex: (peer: string) => `telex:${peer}`,
} as const;
