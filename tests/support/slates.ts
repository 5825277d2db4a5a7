/**
 * Slates for server tests (tests/support/circles.ts has insertSlate for any shape): the
 * slate form (spec §5 "Slate form"), creating one through the API as a member whose plan
 * owns slates (Sapphire), and setting a slate's columns directly (type, status, per-feature
 * privacy) where a test needs a shape the API would take several calls to reach.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SLATE_PATHS } from '../../src/contract/circles';
import { slates } from '../../src/server/db/schema/circles';

/** A valid slate form; override any field. */
export const slateFormOf = (overrides: Record<string, unknown> = {}) => ({
  pageName: 'Harbour Notes',
  pageCaption: 'Weekly',
  pageDescription: 'What it is about.',
  pageType: 'P02',
  privacyCode: 1,
  ...overrides,
});

type Caller = { token: string };
type Server = { call: (method: string, path: string, options?: { token?: string; body?: unknown }) => Promise<{ status: number; body: { data?: unknown } }> };

/** Creates a slate through the API (POST user/page) as `admin` (a Sapphire member); answers its code. */
export async function createSlateAs(s: Server, admin: Caller, overrides: Record<string, unknown> = {}): Promise<string> {
  const r = await s.call('POST', SLATE_PATHS.create, { token: admin.token, body: slateFormOf(overrides) });
  if (r.status !== 201) throw new Error(`create slate: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body.data as { pageCode: string }).pageCode;
}

type Columns = Partial<Pick<typeof slates.$inferInsert, 'typeCode' | 'statusCode' | 'privacyCode' | 'entriesPrivacy' | 'membersPrivacy' | 'requestsPrivacy'>>;

/** Sets a slate's columns directly. */
export async function setSlate(app: FastifyInstance, pageCode: string, columns: Columns): Promise<void> {
  await app.db.update(slates).set(columns).where(eq(slates.pageCode, pageCode));
}
