/**
 * What the account journeys (sessions, two-step, passkeys, data export, account deletion)
 * start from: one new member signed up by the API with the file's own spare activation code
 * (a second file reusing it would fail at sign-up), and one Chromium for the file, closed
 * after it. `prepare` runs after the sign-up and before the browser starts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from './browser';
import { newMember, signUpByApi, type NewMember } from './pages';

export type AccountJourney = { readonly member: NewMember; readonly browser: Browser };

export function accountJourney(baseUrl: string, tag: string, activationCode: string | undefined, prepare?: () => Promise<void>): AccountJourney {
  const member = newMember(`${tag}${Date.now().toString(36)}`);
  let browser: Browser | undefined;
  beforeAll(async () => {
    await signUpByApi(baseUrl, member, activationCode);
    await prepare?.();
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    member,
    get browser() {
      if (!browser) throw new Error('the journey browser starts in beforeAll');
      return browser;
    },
  };
}
