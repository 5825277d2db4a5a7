/** A PostgreSQL server for tests and benches: one connection at a time, and fresh databases on it. */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

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

/** A new database `prefix_…` on `serverUrl`'s server: its URL, and how to drop it. */
export async function createDatabase(serverUrl: string, prefix = 'bt_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onPostgres(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onPostgres(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}) };
}
