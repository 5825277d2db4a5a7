/**
 * The VAPID key pair this server signs pushes with (RFC 8292). From configuration when
 * given (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY), else generated once and kept in the database
 * — not in one process's DATA_DIR — so every API process signs with the same pair and a
 * device subscribed through one process is reached by all. Inserted with ON CONFLICT DO
 * NOTHING and read back, so two processes starting together agree on one pair.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema/bulletins';

export type Vapid = { subject: string; publicKey: string; privateKey: string };

const NAME = 'vapid';

export async function loadVapid(db: Db, options: { publicUrl: string; env?: NodeJS.ProcessEnv }): Promise<Vapid> {
  const env = options.env ?? process.env;
  // A subject is how a push service reaches the sender: a mailto: or an https: address.
  const host = new URL(options.publicUrl).hostname;
  const subject = env.VAPID_SUBJECT ?? (options.publicUrl.startsWith('https:') ? options.publicUrl : `mailto:bulletins@${host.includes('.') ? host : `${host}.invalid`}`);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { subject, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const fresh = webpush.generateVAPIDKeys();
  await db.insert(serverKeys).values({ name: NAME, value: JSON.stringify(fresh) }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, NAME));
  const kept = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { subject, publicKey: kept.publicKey, privateKey: kept.privateKey };
}
