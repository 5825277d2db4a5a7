/**
 * What the outbox tests (outbox-replay, outbox-batch) share: the member's "about" text as
 * the server holds it, and the lost-answer case — the server commits, the answer never
 * reaches the worker, and another device edits the text before the resend.
 */
import { expect } from 'vitest';
import { USER_PATHS, type UserProfile } from '../../../src/contract/user';
import { serverCall, type Harness, type TestServer } from './harness';
import type { Around } from './net';

/** What another device of the member writes between the commit and the resend. */
export const LAPTOP_EDIT = 'Changed on the laptop';

export const aboutOnServer = async (server: TestServer, token: string, userCode: string) =>
  (await serverCall<UserProfile>(server, token, 'GET', USER_PATHS.profile(userCode))).body.data?.about;

/**
 * The first request `matches` picks is committed by the server, then another device edits
 * the text (were the resend applied a second time, it would overwrite this), then its
 * answer is lost as on a dead network.
 */
export function loseFirstAnswer(h: Harness, server: TestServer, matches: (request: Parameters<Around>[0]) => boolean): void {
  const { userCode, token } = h.member;
  let lost = false;
  h.net.around = async (request, pass) => {
    const response = await pass();
    if (!matches(request) || lost) return response;
    lost = true;
    await serverCall(server, token, 'PUT', USER_PATHS.updateAbout(userCode), { about: LAPTOP_EDIT });
    throw new TypeError('Failed to fetch');
  };
}

/**
 * After loseFirstAnswer and the replay: one backoff, the outbox empty, the other device's
 * edit kept on the server, and the local row the server's first answer (`localAbout`),
 * without a sync mark.
 */
export async function expectAppliedOnce(h: Harness, server: TestServer, localAbout: string): Promise<void> {
  const { userCode, token } = h.member;
  expect(h.sleeps).toEqual([250]);
  expect(await h.db.outbox.count()).toBe(0);
  expect(await aboutOnServer(server, token, userCode)).toBe(LAPTOP_EDIT);
  const row = await h.db.profiles.get(userCode);
  expect(row?.about).toBe(localAbout);
  expect(row).not.toHaveProperty('_sync');
}
