/** What the load generator (load-child.ts) and its parent (load.ts) say to each other. */

/** One generator member: a token, and the entry its comments go on. */
export type LoadMember = { userCode: string; token: string; postCode: string };

export type LoadConfig = {
  balancer: string;
  members: LoadMember[];
  /** Operations a second, and for how long at most. */
  rate: number;
  seconds: number;
  /** After the last operation is sent, how long pending writes may still be resent. */
  settleMs: number;
  requestTimeoutMs: number;
};

/**
 * How one attempt ended. 503s are told apart by who answered and how: a host's with
 * Retry-After (what the apps' outboxes expect), a host's without it, the balancer's own
 * (no host in rotation).
 */
export type Outcome = 'ok' | 'noAnswer' | '503retryAfter' | '503bare' | '503balancer' | '500' | 'other5xx' | 'throttled' | '4xx';

export type WriteRecord = {
  kind: 'entry' | 'comment';
  /** The client code (userPostCode / commentCode) and the text, both unique to this write. */
  code: string;
  text: string;
  userCode: string;
  /** ok: a 2xx came back; refused: a final 4xx (`status`); pending: time ran out. */
  state: 'ok' | 'refused' | 'pending';
  status?: number;
  attempts: number;
  /** The 2xx was the first result replayed (Idempotent-Replayed: an earlier attempt had landed). */
  replayed: boolean;
};

export type SecondCounts = { second: number; counts: Partial<Record<Outcome, number>> };

export type LoadMessage =
  | { type: 'started'; at: number }
  | { type: 'counts'; seconds: SecondCounts[]; now: number }
  | { type: 'done'; writes: WriteRecord[]; sent: number };
