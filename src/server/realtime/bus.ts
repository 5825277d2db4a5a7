/**
 * The realtime bus: every frame for a member goes to the channel of that member, and
 * whichever process holds that member's sockets delivers it. In one process the bus is a
 * direct call; with REDIS_URL it is Redis pub/sub, so several API processes act as one.
 * A process subscribes to a member's channel only while it holds a socket of that member.
 */
import type { Redis } from 'ioredis';
import type { ConnectRedis } from '../redis';

export type BusListener = (channel: string, payload: string) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Fire and forget: a lost publish is recovered by the undelivered replay on the next login. */
  publish(channel: string, payload: string): void;
  /** Resolves once messages on `channel` reach the listener. */
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** False while the bus cannot carry frames between processes (Redis down or unreachable). */
  isUp(): boolean;
  /** Called on every change of isUp() (not on repeats). */
  onLink(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

type Log = { warn: (obj: object, msg: string) => void };

export function createMemoryBus(listener: BusListener): Bus {
  const channels = new Set<string>();
  return {
    kind: 'memory',
    publish(channel, payload) {
      // Asynchronous like Redis, so callers never depend on re-entrant delivery.
      if (channels.has(channel)) queueMicrotask(() => listener(channel, payload));
    },
    subscribe: async (channel) => void channels.add(channel),
    unsubscribe: async (channel) => void channels.delete(channel),
    isUp: () => true,
    onLink: () => undefined,
    close: async () => channels.clear(),
  };
}

/** Two connections: a subscriber connection cannot publish (Redis protocol rule). */
export function createRedisBus(connect: ConnectRedis, listener: BusListener, log: Log): Bus {
  const options = { lazyConnect: false, maxRetriesPerRequest: null, enableAutoPipelining: true };
  const pub = connect(options);
  const sub = connect(options);
  for (const [name, client] of [['pub', pub], ['sub', sub]] as const) {
    // ioredis reconnects by itself; without a listener an error event would crash the process.
    client.on('error', (err: Error) => log.warn({ err: err.message, client: name }, 'redis bus error'));
  }
  sub.on('message', (channel: string, payload: string) => listener(channel, payload));
  // Up only while both connections are ready: a frame needs one to leave and one to arrive.
  const linkListeners: Array<(up: boolean) => void> = [];
  const isUp = () => pub.status === 'ready' && sub.status === 'ready';
  let wasUp = isUp();
  const relink = () => {
    const up = isUp();
    if (up === wasUp) return;
    wasUp = up;
    log.warn({ up }, up ? 'redis bus is back' : 'redis bus is down');
    for (const notify of linkListeners) notify(up);
  };
  for (const client of [pub, sub]) for (const event of ['ready', 'close', 'end', 'reconnecting']) client.on(event, relink);
  return {
    kind: 'redis',
    publish(channel, payload) {
      pub.publish(channel, payload).catch((err: Error) => log.warn({ err: err.message }, 'redis publish failed'));
    },
    subscribe: async (channel) => void (await sub.subscribe(channel)),
    unsubscribe: async (channel) => void (await sub.unsubscribe(channel)),
    isUp,
    onLink: (notify) => void linkListeners.push(notify),
    close: async () => {
      // quit() waits for the commands queued while Redis was away, which may be never.
      const end = (client: Redis) => (client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()));
      await Promise.allSettled([end(pub), end(sub)]);
    },
  };
}

/** A Redis command connection for presence, sharing the bus's URL. */
export function createRedisClient(connect: ConnectRedis, log: Log): Redis {
  const client = connect({ maxRetriesPerRequest: null, enableAutoPipelining: true });
  client.on('error', (err: Error) => log.warn({ err: err.message }, 'redis presence error'));
  return client;
}
