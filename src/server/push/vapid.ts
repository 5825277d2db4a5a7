/**
 * The VAPID key pair this server signs pushes with (RFC 8292). Kept in the database — not in
 * one process's DATA_DIR — so every API host signs with the same pair and a device subscribed
 * through one host is reached by all: generated once, or taken from configuration
 * (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY) by the first host that has it. Inserted with ON
 * CONFLICT DO NOTHING and read back, so hosts starting together agree on one pair.
 *
 * A host configured with another pair than the one in the database refuses to start: push
 * services bind each subscription to the key it was made with, so a host signing with its own
 * pair would fail every push it sends, silently, for the devices the others subscribed.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema/bulletins';
import { StartRefused } from '../start-refused';

export type Vapid = { subject: string; publicKey: string; privateKey: string };

const NAME = 'vapid';


export async function loadVapid(db: Db, options: { publicUrl: string; env?: NodeJS.ProcessEnv }): Promise<Vapid> {
  const env = options.env ?? process.env;
  // A subject is how a push service reaches the sender: a mailto: or an https: address.
  const host = new URL(options.publicUrl).hostname;
  const subject = env.VAPID_SUBJECT ?? (options.publicUrl.startsWith('https:') ? options.publicUrl : `mailto:bulletins@${host.includes('.') ? host : `${host}.invalid`}`);
  const configured = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
  const offered = configured ?? webpush.generateVAPIDKeys();
  await db.insert(serverKeys).values({ name: NAME, value: JSON.stringify(offered) }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, NAME));
  const kept = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  if (configured && (configured.publicKey !== kept.publicKey || configured.privateKey !== kept.privateKey)) {
    throw new StartRefused(
      `VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not the pair the database holds (public key ${kept.publicKey.slice(0, 12)}…), which the other hosts push with: ` +
        'set the same pair on every host, or leave both unset to use the database\'s. (docs/operations.md: changing the pair.)',
    );
  }
  return { subject, publicKey: kept.publicKey, privateKey: kept.privateKey };
}
