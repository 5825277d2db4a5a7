/**
 * The signed-in member's own privacy and bulletin settings (spec/calls.md "Settings").
 * Always the caller's own rows: no user code in the path, so no one else's to touch.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODE_CREATED } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import {
  notifySetting,
  notifySettings,
  notifySettingUpdate,
  privacySetting,
  privacySettings,
  privacySettingUpdate,
  SETTINGS_PATHS,
} from '../../../contract/settings';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import * as repo from './repo';

const withoutTrailingSlash = (p: string) => p.replace(/\/$/, '');

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${SETTINGS_PATHS.privacy}`, {
    config: { access: 'member' },
    schema: { tags: ['settings'], response: { 200: envelope(privacySettings) } },
    handler: async (request) => ({
      code: 200,
      message: 'ok',
      data: { userPrivacySettings: await repo.loadPrivacySettings(app.db, memberOf(request).id) },
    }),
  });

  // The spec writes `user/privacy-setting/` with a trailing slash; answer both spellings.
  for (const url of [SETTINGS_PATHS.updatePrivacy, withoutTrailingSlash(SETTINGS_PATHS.updatePrivacy)]) {
    app.put(`/${url}`, {
      config: { access: 'member', write: 'once' },
      schema: { tags: ['settings'], body: privacySettingUpdate, response: { 201: envelope(privacySetting) } },
      handler: async (request, reply) => {
        const me = memberOf(request);
        return writeOnce(request, reply, async (tx) => {
          const data = await repo.savePrivacySetting(tx, me.id, request.body.featureCode, request.body.privacyCode);
          return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Privacy updated.', data } };
        });
      },
    });
  }

  app.put(`/${SETTINGS_PATHS.resetPrivacy}`, {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['settings'], response: { 201: envelope(privacySettings) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        await repo.resetPrivacySettings(tx, me.id);
        const data = { userPrivacySettings: await repo.loadPrivacySettings(tx, me.id) };
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Privacy settings reset.', data } };
      });
    },
  });

  app.get(`/${SETTINGS_PATHS.notify}`, {
    config: { access: 'member' },
    schema: { tags: ['settings'], response: { 200: envelope(notifySettings) } },
    handler: async (request) => ({
      code: 200,
      message: 'ok',
      data: { notifySettings: await repo.loadNotifySettings(app.db, memberOf(request).id) },
    }),
  });

  for (const url of [SETTINGS_PATHS.updateNotify, `${SETTINGS_PATHS.updateNotify}/`]) {
    app.put(`/${url}`, {
      config: { access: 'member', write: 'once' },
      schema: { tags: ['settings'], body: notifySettingUpdate, response: { 201: envelope(notifySetting) } },
      handler: async (request, reply) => {
        const me = memberOf(request);
        return writeOnce(request, reply, async (tx) => {
          const data = await repo.saveNotifySetting(tx, me.id, request.body.featureCode, request.body.notify);
          return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Bulletin setting updated.', data } };
        });
      },
    });
  }

  app.put(`/${SETTINGS_PATHS.resetNotify}`, {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['settings'], response: { 201: envelope(notifySettings) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        await repo.resetNotifySettings(tx, me.id);
        const data = { notifySettings: await repo.loadNotifySettings(tx, me.id) };
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Bulletin settings reset.', data } };
      });
    },
  });
};

export default settingsRoutes;
