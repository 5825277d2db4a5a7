/** Privacy and bulletin settings: read, update (201, queued kinds), reset, effect on what others see. */
import { describe, expect, it } from 'vitest';
import { ACCESS_RESTRICTED, defaultPrivacyOf, PRIVACY_FEATURES, type PrivacyFeature } from '../../src/contract/codes';
import { mutations } from '../../src/contract/mutations';
import { NOTIFY_FEATURES, SETTINGS_PATHS } from '../../src/contract/settings';
import { targets } from '../../src/contract/targets';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';

describe.each(dbTargets())('settings on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let owner: TestMember;
  let other: TestMember;
  serverForSuite({ databaseUrl }, 2, (server, [a, b]) => ([s, owner, other] = [server, a!, b!]));

  const privacyList = async (m: TestMember) => (await s.call('GET', SETTINGS_PATHS.privacy, { token: m.token })).body.data.userPrivacySettings;
  const notifyList = async (m: TestMember) => (await s.call('GET', SETTINGS_PATHS.notify, { token: m.token })).body.data.notifySettings;

  it('lists every privacy feature at Everyone (calls at Billionetts) and every bulletin on; 401 without a session', async () => {
    const rows = await privacyList(owner);
    expect(rows.map((r: { featureCode: string }) => r.featureCode)).toEqual([...PRIVACY_FEATURES]);
    expect(rows[0]).toEqual({ featureCode: 'personal', featureName: 'Personal Details', privacyCode: 1, privacyName: 'Everyone' });
    expect(rows.find((r: { featureCode: string }) => r.featureCode === 'calls')).toEqual({ featureCode: 'calls', featureName: 'Calls', privacyCode: 2, privacyName: 'Billionetts' });
    const notify = await notifyList(owner);
    expect(notify.map((r: { featurecode: string }) => r.featurecode)).toEqual([...NOTIFY_FEATURES]);
    expect(notify.every((r: { notify: string }) => r.notify === 'Yes')).toBe(true);
    expect((await s.call('GET', SETTINGS_PATHS.privacy)).status).toBe(401);
    expect((await s.call('GET', SETTINGS_PATHS.notify)).status).toBe(401);
  });

  it('updates a privacy setting (201, the row) through the queued kind; others see 106', async () => {
    const def = mutations['privacySetting.update'];
    const payload = { userCode: owner.userCode, data: { featureCode: 'suite' as const, privacyCode: 3 } };
    const headers = { 'idempotency-key': 'privacy-suite-1' };
    const r = await s.call(def.method, def.path(payload), { token: owner.token, body: def.body(payload), headers });
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ featureCode: 'suite', featureName: 'Suite', privacyCode: 3, privacyName: 'Only me' });
    expect((await s.call(def.method, def.path(payload), { token: owner.token, body: def.body(payload), headers })).headers.get('idempotent-replayed')).toBe('true');
    expect(def.target(payload)).toBe(targets.settings(owner.userCode));
    // Without the trailing slash too.
    expect((await s.call('PUT', 'user/privacy-setting', { token: owner.token, body: { featureCode: 'personal', privacyCode: 2 } })).status).toBe(201);

    const rows = await privacyList(owner);
    expect(rows.find((x: { featureCode: string }) => x.featureCode === 'suite').privacyCode).toBe(3);
    const seen = await s.call('GET', `user/personal?friendCode=${owner.userCode}`, { token: other.token });
    // Personal details are now billionetts-only: hidden from a stranger altogether.
    expect(seen.body.accessCode).toBe(ACCESS_RESTRICTED);
    expect((await s.call('GET', 'user/personal', { token: owner.token })).body.data.privacyCode).toBe(2);
    // Someone else's settings are untouched.
    expect((await privacyList(other)).every((x: { featureCode: PrivacyFeature; privacyCode: number }) => x.privacyCode === defaultPrivacyOf(x.featureCode))).toBe(true);
  });

  it('refuses unknown features and privacy codes', async () => {
    expect((await s.call('PUT', SETTINGS_PATHS.updatePrivacy, { token: owner.token, body: { featureCode: 'nope', privacyCode: 1 } })).status).toBe(400);
    expect((await s.call('PUT', SETTINGS_PATHS.updatePrivacy, { token: owner.token, body: { featureCode: 'work', privacyCode: 9 } })).status).toBe(400);
    expect((await s.call('PUT', SETTINGS_PATHS.updateNotify, { token: owner.token, body: { featureCode: 'telex', notify: 'Maybe' } })).status).toBe(400);
  });

  it('resets privacy settings to Everyone, calls to Billionetts (201, the list)', async () => {
    expect((await s.call('PUT', SETTINGS_PATHS.updatePrivacy, { token: owner.token, body: { featureCode: 'calls', privacyCode: 3 } })).status).toBe(201);
    const r = await s.call('PUT', SETTINGS_PATHS.resetPrivacy, { token: owner.token });
    expect(r.status).toBe(201);
    expect(r.body.data.userPrivacySettings.map((x: { privacyCode: number }) => x.privacyCode)).toEqual(PRIVACY_FEATURES.map(defaultPrivacyOf));
    expect((await s.call('GET', `user/personal?friendCode=${owner.userCode}`, { token: other.token })).body.accessCode).toBe(0);
  });

  it('switches a bulletin off through the queued kind, and resets', async () => {
    const def = mutations['notifySetting.update'];
    const payload = { userCode: owner.userCode, data: { featureCode: 'telex' as const, notify: 'No' as const } };
    const r = await s.call(def.method, def.path(payload), { token: owner.token, body: def.body(payload) });
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ featurecode: 'telex', featureName: 'Telex messages', notify: 'No' });
    expect((await notifyList(owner)).find((x: { featurecode: string }) => x.featurecode === 'telex').notify).toBe('No');
    expect((await notifyList(other)).every((x: { notify: string }) => x.notify === 'Yes')).toBe(true);
    const reset = await s.call('PUT', SETTINGS_PATHS.resetNotify, { token: owner.token });
    expect(reset.status).toBe(201);
    expect(reset.body.data.notifySettings.every((x: { notify: string }) => x.notify === 'Yes')).toBe(true);
  });
});
