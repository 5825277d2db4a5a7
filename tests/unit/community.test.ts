import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isValidPassword } from '../../src/contract/rules';
import { generateCommunity } from '../../src/server/seed/community';
import { DEMO_LOGINS, resolveDemoPassword } from '../../src/server/seed/demo-logins';
import { professions } from '../../src/server/seed/data/professions';
import { demoCommunityWanted } from '../../src/server/seed/wanted';

// Generated once: every check below reads the same community.
const community = generateCommunity();
const { members, news } = community;

/** Whole years between dateOfBirth (YYYY-MM-DD) and an ISO day. */
const ageOn = (dateOfBirth: string, day: string): number => {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

const allUnique = (values: string[]): boolean => new Set(values).size === values.length;

describe('generateCommunity', () => {
  it('is deterministic for the same seed', () => {
    expect(generateCommunity()).toEqual(community);
    expect(generateCommunity(7)).toEqual(generateCommunity(7));
  });

  it('differs for another seed', () => {
    expect(generateCommunity(7).members[5]).not.toEqual(members[5]);
  });

  it('has 200 members with unique emails, mobiles and userCodes', () => {
    expect(members).toHaveLength(200);
    expect(allUnique(members.map((m) => m.email))).toBe(true);
    expect(allUnique(members.map((m) => m.mobile))).toBe(true);
    expect(allUnique(members.map((m) => m.userCode))).toBe(true);
  });

  it('puts the two demo logins first', () => {
    expect(DEMO_LOGINS).toHaveLength(2);
    DEMO_LOGINS.forEach((login, index) => {
      const member = members[index];
      expect(member?.email).toBe(login.email);
      expect(member?.mobile).toBe(login.mobile);
      expect(member?.displayName).toBe(login.displayName);
    });
  });

  it('makes every member at least 18 on 2026-11-21', () => {
    for (const member of members) {
      expect(member.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(ageOn(member.dateOfBirth, '2026-11-21')).toBeGreaterThanOrEqual(18);
    }
  });

  it('uses known professions, digit-only mobiles and valid emails', () => {
    const codes = new Set(professions.map((p) => p.professionCode));
    for (const member of members) {
      expect(codes.has(member.professionCode)).toBe(true);
      expect(member.mobile).toMatch(/^\d{10}$/);
      expect(member.email).toMatch(EMAIL_PATTERN);
      expect(member.email.endsWith('@billionett.test')).toBe(true);
      expect(member.userCode).toMatch(/^U[0-9A-Z]{9}$/);
      // A placeholder left in an about text means a template key was misspelt.
      expect(member.about).not.toMatch(/[{}]/);
    }
  });

  it('has 12 recent news items on example.com', () => {
    expect(news).toHaveLength(12);
    const end = Date.parse('2026-11-21T00:00:00Z');
    for (const item of news) {
      expect(item.newsReference).toMatch(/^https:\/\/example\.com\//);
      expect(['Business', 'Technology', 'Culture', 'Travel']).toContain(item.newsTypeName);
      const time = Date.parse(item.lastUpdatedTime);
      expect(time).toBeLessThanOrEqual(end);
      expect(time).toBeGreaterThanOrEqual(end - 14 * 86_400_000);
    }
  });
});

describe('the demo password', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bt-demo-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is random per install, kept for the operator only, and valid by the password rule', () => {
    const first = resolveDemoPassword(dir, {});
    expect(isValidPassword(first)).toBe(true);
    expect(resolveDemoPassword(dir, {})).toBe(first);
    expect(statSync(path.join(dir, 'demo-password')).mode & 0o077).toBe(0);
    const other = mkdtempSync(path.join(tmpdir(), 'bt-demo-'));
    try {
      expect(resolveDemoPassword(other, {})).not.toBe(first);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
    expect(resolveDemoPassword(dir, { DEMO_PASSWORD: 'Given#123' })).toBe('Given#123');
  });
});

describe('who gets the demo community', () => {
  it('the embedded first run, or whoever asks; never production or PostgreSQL by default', () => {
    expect(demoCommunityWanted({})).toBe(true);
    expect(demoCommunityWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(demoCommunityWanted({ DATABASE_URL: 'postgres://db/x' })).toBe(false);
    expect(demoCommunityWanted({ DATABASE_URL: 'postgres://db/x', DEMO_COMMUNITY: '1' })).toBe(true);
    expect(demoCommunityWanted({ DEMO_COMMUNITY: '0' })).toBe(false);
  });
});
