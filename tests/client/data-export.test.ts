/**
 * 'Download your data' in the sync worker (sync/export-calls.ts, pull/sessions.ts): the
 * state lands in the member's Dexie database (accountState 'dataExport') after a pull and
 * after each call; a link is minted only for a ready export; offline, nothing changes and the
 * member is told.
 */
import { describe, expect, it } from 'vitest';
import { DATA_EXPORT_TEXT } from '../../src/contract/data-export';
import { signedIn, withClientTestServer, type TestServer } from './helpers/harness';

let server: TestServer;
withClientTestServer((s) => (server = s));

describe('data export in the worker', () => {
  it('pulls the state, asks once at a time, mints a link when ready, and refuses offline', async () => {
    const h = await signedIn(server);
    const state = async () => (await h.db.accountState.get('dataExport')) as { export: { status: string } | null } | undefined;
    expect(await h.sync.pull({ kind: 'dataExport' })).toMatchObject({ ok: true });
    expect(await state()).toEqual({ key: 'dataExport', export: null });
    expect(await h.sync.dataExportLink()).toMatchObject({ ok: false, status: 404, message: DATA_EXPORT_TEXT.noneReady });

    expect(await h.sync.requestDataExport()).toMatchObject({ ok: true, status: 202 });
    expect(['queued', 'building', 'ready']).toContain((await state())?.export?.status);
    await server.app.dataExports.drain();
    expect(await h.sync.pull({ kind: 'dataExport' })).toMatchObject({ ok: true });
    expect((await state())?.export?.status).toBe('ready');

    const link = await h.sync.dataExportLink();
    expect(link).toMatchObject({ ok: true, data: { downloadPath: expect.stringMatching(/^\/api\/v1\/user\/export\/[A-Za-z0-9_-]{43}$/) } });

    h.net.down = true;
    expect(await h.sync.requestDataExport()).toMatchObject({ ok: false, offline: true });
    expect((await state())?.export?.status).toBe('ready');
    h.net.down = false;
    // Back online, a fresh copy replaces the ready one (the 409 of one on its way: tests/server/data-export.test.ts).
    expect(await h.sync.requestDataExport()).toMatchObject({ ok: true, status: 202 });
    expect(['queued', 'building', 'ready']).toContain((await state())?.export?.status);
  });
});
