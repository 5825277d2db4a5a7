/** Types of scripts/stale.mjs (plain JavaScript so it runs before anything is compiled). */
export declare function isStale(stamp: string, root: string, sources: readonly string[]): boolean;
