/**
 * The admin commands that work on a live database: run by the CLI on the files when no
 * server runs, or by the running server itself when the CLI asks over the data directory's
 * lock socket (admin-channel.ts). Each answers the lines the CLI prints.
 */
import { PLAN_CODES, type PlanCode } from '../../contract/codes';
import type { Database } from '../db/client';
import { activationCodes } from '../db/schema/accounts';
import { createResetToken, findByLogin, newActivationCode } from '../domain/auth/repo';
import { listKeys, retireKey, rotateKeys } from '../domain/auth/signing-keys';
import { writeBackup } from './backup';
import { publishNews, retireNews } from './news';

export type AdminArgs = Record<string, string | undefined>;
export type AdminContext = { database: Database; dataDir: string; publicUrl: string };

/** The commands a running server answers for the CLI. */
export const LIVE_COMMANDS = ['activation-code', 'reset-link', 'backup', 'news-publish', 'news-retire', 'rotate-keys', 'retire-key', 'list-keys'] as const;
export type LiveCommand = (typeof LIVE_COMMANDS)[number];
export const isLiveCommand = (command: string | undefined): command is LiveCommand => (LIVE_COMMANDS as readonly string[]).includes(command ?? '');

export async function runLiveCommand(ctx: AdminContext, command: LiveCommand, args: AdminArgs): Promise<string[]> {
  const { db } = ctx.database;
  if (command === 'activation-code') {
    const plan = args.plan as PlanCode | undefined;
    if (!plan || !PLAN_CODES.includes(plan)) throw new Error(`--plan must be one of ${PLAN_CODES.join(', ')}`);
    const count = Math.max(1, Math.min(100, Number(args.count ?? 1) || 1));
    const codes = Array.from({ length: count }, () => newActivationCode(plan));
    await db.insert(activationCodes).values(codes.map((code) => ({ code, planCode: plan })));
    return codes;
  }
  if (command === 'reset-link') {
    const account = args.user ? await findByLogin(db, args.user) : null;
    if (!account) throw new Error('No account found with that email or mobile no.');
    const token = await createResetToken(db, account.id);
    return [`${ctx.publicUrl.replace(/\/+$/, '')}/reset-password/${token}`];
  }
  if (command === 'news-publish') return [await publishNews(db, args)];
  if (command === 'news-retire') return [await retireNews(db, args.code)];
  if (command === 'rotate-keys') return rotateKeys(db);
  if (command === 'retire-key') return retireKey(db, args.kid);
  if (command === 'list-keys') return listKeys(db);
  if (!args.out) throw new Error('backup needs --out <folder>');
  return [await writeBackup(ctx.database, ctx.dataDir, args.out)];
}
