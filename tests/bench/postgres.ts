/** PostgreSQL for the benches: a fresh database per measure, and the generated community in it (tests/support/postgres.ts underneath). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../support/demo';
import { createDatabase, onPostgres } from '../support/postgres';

export { onPostgres } from '../support/postgres';

/** The data directory of the cluster `url` is on: whose processes a bench's CPU meter reads (cpu.ts postgresPids). */
export const dataDirectoryOf = (url: string): Promise<string> =>
  onPostgres(url, async (c) => (await c.query<{ setting: string }>(`select setting from pg_settings where name = 'data_directory'`)).rows[0]!.setting);

/** The server the benches create their databases on (DATABASE_URL's, or the local one). */
export const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `run` with the URL of a new database named `prefix_…`, dropped afterwards. */
export async function withFreshDatabase<T>(prefix: string, run: (url: string) => Promise<T>): Promise<T> {
  const database = await createDatabase(ADMIN_URL, prefix);
  try {
    return await run(database.url);
  } finally {
    await database.drop();
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
