/** argon2id password hashes (@node-rs/argon2: OWASP's 19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is `const` in the typings, which isolatedModules cannot inline. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS as never);

/** Hash of nothing anyone knows: unknown accounts are verified against it so timing matches. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  const target = passwordHash ?? (await dummy);
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== null;
}
