/**
 * The running server's admin channel: the CLI's live commands (commands.ts) travel over the
 * data directory's lock socket (db/data-dir-lock.ts) to the process that owns the files,
 * instead of opening them a second time. A request carries the secret kept in DATA_DIR
 * (readable by the directory's owner only): the socket itself is reachable by any local
 * user, the secret is what says "this is the operator".
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';
import { ask, DataDirBusy, lockAddress } from '../db/data-dir-lock';
import { isLiveCommand, runLiveCommand, type AdminArgs, type AdminContext } from './commands';

const SECRET_FILE = 'admin-secret';

export function adminSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Answers the CLI's live commands while this process holds the data directory. */
export function serveAdmin(database: Database, ctx: Omit<AdminContext, 'database'>): void {
  if (!database.lock) return;
  const secret = adminSecret(ctx.dataDir);
  database.lock.serve(async (request) => {
    if (typeof request.secret !== 'string' || !same(request.secret, secret)) return { error: 'Refused: wrong admin secret.' };
    if (!isLiveCommand(request.command)) return { error: `The running server does not run "${request.command}"; stop it first.` };
    return { ok: true, output: await runLiveCommand({ ...ctx, database }, request.command, request.args ?? {}) };
  });
}

/** Runs `command` in the server that holds `dataDir`; null when no server holds it. */
export async function askRunningServer(dataDir: string, command: string, args: AdminArgs): Promise<string[] | null> {
  if (!existsSync(dataDir)) return null;
  const answer = await ask(lockAddress(dataDir), { secret: adminSecret(dataDir), command, args });
  if (answer === null) return null;
  if (answer.error) throw new Error(answer.error);
  // Held by a process that runs no commands (another admin command, the seed step).
  if (!answer.ok) throw new DataDirBusy(dataDir, answer.holder ?? null);
  return answer.output ?? [];
}
