/**
 * ioredis (MIT), loaded only by a process given REDIS_URL: one process alone never talks to
 * Redis, and the library holds ~8 MB of RSS (BUDGETS: server RSS ≤ 300 MB). The realtime
 * hub and the rate limits each open their own connections through `redisAt`.
 */
import type { Redis, RedisOptions } from 'ioredis';
import { lazily } from './lazily';

/** Opens a connection to one Redis with these options. */
export type ConnectRedis = (options: RedisOptions) => Redis;

const ioredis = lazily(() => import('ioredis'));

/** Connections to the Redis at `url`, ioredis loaded first. */
export async function redisAt(url: string): Promise<ConnectRedis> {
  const { Redis: Client } = await ioredis();
  return (options) => new Client(url, options);
}
