/**
 * The demo logins, apart from the generator so printing them (npm start) does not load faker.
 *
 * Their password is never a constant of the source: a password every install shares is a
 * back door into every server that seeded the demo. It is DEMO_PASSWORD when set (the test
 * suites, a scripted demo), else made at random once per install and kept beside the data
 * (DATA_DIR/demo-password, readable by the operator only) so every start can print it.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The two accounts a person demoing the app signs in with. Invented names; the
 * mobiles sit in the 555-01xx range reserved for fiction so they never reach a
 * real phone.
 */
export const DEMO_LOGINS: { email: string; mobile: string; displayName: string }[] = [
  { email: 'amara@billionett.test', mobile: '5550100001', displayName: 'Amara Lindqvist' },
  { email: 'jonas@billionett.test', mobile: '5550100002', displayName: 'Jonas Ferreira' },
];

const FILE = 'demo-password';

/** 14 random letters and digits plus a digit and a symbol: the password rule (rules.ts) holds. */
function randomPassword(): string {
  const letters = randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 14);
  return `${letters}${randomInt(10)}#`;
}

/** The demo members' password for this install (see above); without a data dir, one per process. */
export function resolveDemoPassword(dataDir?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.DEMO_PASSWORD) return env.DEMO_PASSWORD;
  if (!dataDir) return randomPassword();
  const file = path.join(dataDir, FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const password = randomPassword();
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}
