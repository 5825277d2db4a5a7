/** How a pull ends: cursor recorded, PullResult for the screen. Shared by pull/*.ts. */
import type { MemberDb } from '../../store/db';
import { recordCursor } from '../../store/mirror';
import type { PullResult } from '../api';
import type { HttpFailure } from '../http';

const BAD_ANSWER = 'The server answered in an unexpected shape.';

export async function pulled(db: MemberDb, key: string, status: number, accessCode?: number): Promise<PullResult> {
  await recordCursor(db, key);
  return accessCode === undefined ? { ok: true, status } : { ok: true, status, accessCode };
}

/** Cached rows stay as they are: offline, the screen keeps showing them. */
export async function pullFailed(db: MemberDb, key: string, failure: HttpFailure): Promise<PullResult> {
  await recordCursor(db, key, { status: failure.status, message: failure.message });
  return toPullFailure(failure);
}

export function toPullFailure(failure: HttpFailure): PullResult {
  const offline = failure.kind === 'retryable' && failure.offline;
  return offline
    ? { ok: false, status: failure.status, message: failure.message, offline: true }
    : { ok: false, status: failure.status, message: failure.message };
}

/** A 2xx whose data does not match the contract: recorded like a failure, nothing written. */
export async function badAnswer(db: MemberDb, key: string, status: number): Promise<PullResult> {
  await recordCursor(db, key, { status, message: BAD_ANSWER });
  return { ok: false, status, message: BAD_ANSWER };
}
