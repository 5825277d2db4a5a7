/**
 * One owner per embedded data directory. PostgreSQL refuses a second postmaster on a data
 * directory; PGlite does not, and two processes writing the same files destroy them. So
 * every process that opens DATA_DIR's database (the server, the admin CLI, the seed step)
 * first holds this lock, for as long as the files are open.
 *
 * The lock is a listening Unix socket named after the directory. On Linux it lives in the
 * abstract namespace: the kernel lets one process bind the name and frees it when that
 * process dies, SIGKILL included, so a crash never leaves a stale lock to clean by hand.
 * Elsewhere it is a socket file in DATA_DIR; one nobody answers on is stale and replaced.
 *
 * The same socket is the running server's admin channel (admin-channel.ts): anyone may ask
 * who holds it (for the refusal message); commands need the secret kept in DATA_DIR, which
 * only the data directory's owner can read.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { StartRefused } from '../start-refused';

export type Holder = { pid: number; what: string };
export type LockRequest = { secret?: string; command?: string; args?: Record<string, string | undefined> };
export type LockAnswer = { holder?: Holder; ok?: boolean; output?: string[]; error?: string };
/** Answers an authenticated request (the server's admin commands). */
export type RequestHandler = (request: LockRequest) => Promise<LockAnswer>;

export type DataDirLock = {
  /** Serve admin requests on the lock's socket (the server does; the CLI does not). */
  serve(handler: RequestHandler): void;
  release(): Promise<void>;
};

export class DataDirBusy extends StartRefused {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | null,
  ) {
    super(
      holder
        ? `${dataDir} is in use by process ${holder.pid} (${holder.what}). Stop it first; admin commands reach it while it runs.`
        : `${dataDir} is in use by another process. Stop it first.`,
    );
  }
}

/** The socket's address for a data directory (the same for every spelling of its path). */
export function lockAddress(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const real = realpathSync(dataDir);
  if (process.platform === 'linux') return `\0billionett-${createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
  return path.join(real, '.owner.sock');
}

/** One request, one answer (a line of JSON each way); null when nobody listens. */
export function ask(address: string, request: LockRequest, timeoutMs = 120_000): Promise<LockAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('The running server did not answer in time.'));
    }, timeoutMs);
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(data) as LockAnswer);
      } catch {
        resolve({ error: 'The running server gave an unreadable answer.' });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
  });
}

/** Who holds `dataDir`'s lock, or null when nobody does. */
export async function holderOf(dataDir: string): Promise<Holder | null> {
  if (!existsSync(dataDir)) return null;
  const answer = await ask(lockAddress(dataDir), {}, 5_000).catch(() => null);
  return answer?.holder ?? null;
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Takes the lock or throws DataDirBusy naming the holder. `what` says who we are
 * (e.g. "npm start on port 8080"), for the message another opener will see.
 */
export async function lockDataDir(dataDir: string, what: string): Promise<DataDirLock> {
  const address = lockAddress(dataDir);
  const holder: Holder = { pid: process.pid, what };
  let handler: RequestHandler | null = null;
  const server = net.createServer((socket) => {
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (!data.includes('\n')) return;
      let request: LockRequest = {};
      try {
        request = JSON.parse(data.slice(0, data.indexOf('\n'))) as LockRequest;
      } catch {
        // An unreadable request only learns who holds the lock.
      }
      const answering = request.command && handler ? handler(request) : Promise.resolve({});
      void answering
        .catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }))
        .then((answer) => socket.end(JSON.stringify({ ...answer, holder })));
    });
    socket.on('error', () => {});
  });
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const answer = await ask(address, {}, 5_000).catch(() => null);
    // A socket file nobody answers on is left by a crash (not on Linux: abstract names vanish).
    if (answer === null && !address.startsWith('\0')) {
      rmSync(address, { force: true });
      await listen(server, address).catch(() => {
        throw new DataDirBusy(dataDir, null);
      });
    } else {
      throw new DataDirBusy(dataDir, answer?.holder ?? null);
    }
  }
  server.unref();
  return {
    serve(h) {
      handler = h;
    },
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (!address.startsWith('\0')) rmSync(address, { force: true });
      }),
  };
}
