/**
 * Seeds members from the deterministic community, and activation codes made at random (a
 * code every install shares would let a stranger register on anyone's server). The demo
 * password is hashed once and the hash reused for every member: 200 argon2 runs would
 * take seconds, one takes ~50 ms.
 */
import type { Db } from '../db/client';
import { activationCodes, users } from '../db/schema/accounts';
import { hashPassword } from '../domain/auth/passwords';
import { PLAN_CODES } from '../../contract/codes';
import { newActivationCode } from '../domain/auth/repo';
import type { SeedMember } from './community';

const CHUNK = 250;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function seedAccounts(db: Db, members: SeedMember[], password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const rows = members.map((m) => ({
    userCode: m.userCode,
    email: m.email ? m.email.toLowerCase() : null,
    mobile: m.mobile || null,
    passwordHash,
    firstName: m.firstName,
    lastName: m.lastName,
    displayName: m.displayName,
    gender: m.gender,
    dateOfBirth: m.dateOfBirth || null,
    about: m.about,
    professionCode: m.professionCode,
    locationName: m.locationName,
    planCode: m.planCode,
  }));
  for (const chunk of chunks(rows)) await db.insert(users).values(chunk);
}

/** Two fresh codes per plan; `npm start` prints two unused ones, the admin CLI mints more. */
export async function seedActivationCodes(db: Db): Promise<void> {
  const codes = PLAN_CODES.flatMap((planCode) => [0, 1].map(() => ({ code: newActivationCode(planCode), planCode })));
  await db.insert(activationCodes).values(codes);
}
