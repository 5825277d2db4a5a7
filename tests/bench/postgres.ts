/** PostgreSQL for the benches: a fresh database per measure, and the generated community in it. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DEMO_PASSWORD } from '../support/demo';

/** The server the benches create their databases on (DATABASE_URL's, or the local one). */
export const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `run` on one connection to `url`. */
export async function onPostgres<T>(url: string, run: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** Runs `run` with the URL of a new database named `prefix_…`, dropped afterwards. */
export async function withFreshDatabase<T>(prefix: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onPostgres(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await onPostgres(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

/** The generated community, as an operator makes it (`npm run admin -- seed-scale`); answers the command's report. */
export function seedScale(databaseUrl: string, members: number): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'billionett-scale-'));
  try {
    const run = spawnSync('npx', ['tsx', 'src/server/admin.ts', 'seed-scale', '--members', String(members)], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_PASSWORD },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`seed-scale failed: ${run.stderr}`);
    return run.stdout.trim();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
