/**
 * PgBouncer in transaction pooling hands each transaction whatever backend is free, so
 * nothing bound to a session may go through it: the write notices' LISTEN and the
 * migrations' advisory lock must use DATABASE_DIRECT_URL. A LISTEN sent through PgBouncer
 * stays on a pooled backend after its client has gone; the notices then reach whichever
 * client gets that backend next, and PgBouncer logs "got packet 'A' from server when not
 * linked" for each one that arrives while it idles.
 */
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { onPostgres } from '../support/postgres';
import { deployment, explained, logs } from './support/deployment';
import { api, newMember } from './support/http';
import { MACHINES } from './support/net';

const HOST_ADDRESSES = [MACHINES.api1.address, MACHINES.api2.address, MACHINES.api3.address];

describe('what goes through PgBouncer and what does not', () => {
  it('every host listens for write notices on a connection straight to PostgreSQL', async () => {
    const listening = await onPostgres(deployment().postgresUrl, (c) =>
      c.query<{ client: string }>(`select host(client_addr) as client from pg_stat_activity where query ilike 'listen%'`),
    );
    // PgBouncer's backends come from 127.0.0.1 (it runs beside PostgreSQL); the hosts' own from theirs.
    expect(listening.rows.map((r) => r.client).sort()).toEqual(HOST_ADDRESSES);
  });

  it('writes notify, and no notice lands on a pooled backend', async () => {
    // A few writes, each notifying every listener.
    const m = await newMember();
    for (let i = 0; i < 3; i += 1) {
      const made = await api('POST', ENTRY_PATHS.create, { token: m.token, headers: { 'idempotency-key': uuidv7() }, body: { userPostCode: uuidv7(), featureCode: 5, postDescription: `Pooled ${i}`, privacyCode: 1 } });
      expect(made.status).toBe(201);
    }
    await new Promise((r) => setTimeout(r, 500));
    const stray = logs('pgbouncer', 1_000_000).split('\n').filter((line) => line.includes("got packet 'A'"));
    explained(() => expect(stray.length).toBe(0), () => stray.slice(0, 3).join('\n'));
  });
});
