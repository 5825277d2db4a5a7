/**
 * User profile calls of the foundation (spec/calls.md "User profile"): profile, personal
 * details with privacy, the owner's updates, plan, menu and storage utilization.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_OK, ACCESS_RESTRICTED, CODE_CREATED, PRIVACY_FEATURES } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { MESSAGES } from '../../../contract/rules';
import {
  aboutUpdate,
  personalInfo,
  personalQuery,
  personalUpdate,
  userCodeParams,
  userMenu,
  userPlan,
  userProfile,
  USER_PATHS,
  utilization,
  type PersonalInfo,
} from '../../../contract/user';
import type { Db } from '../../db/client';
import { HttpError, fieldError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { allows, allowsCall, canView, featurePrivacies, relationOf, setFeaturePrivacy } from '../../policy/privacy';
import { findMember, professionExists, type MemberRef } from '../../domain/members';
import { loadMenu, loadPlan, loadProfile, loadUtilization, updateAbout, updateDetails } from './repo';

const NOT_FOUND = 'Member not found.';
const path = (p: string) => `/${p}`;
const param = (name: string) => `:${name}`;

async function memberOr404(db: Db, userCode: string): Promise<MemberRef> {
  const found = await findMember(db, userCode);
  if (!found) throw new HttpError(404, NOT_FOUND);
  return found;
}

/**
 * Personal details as `viewer` may see them. userPrivacyResponse says, per feature, whether
 * the viewer may open it (0) or not (106): the suite hides tabs answered 106.
 */
async function personalFor(db: Db, viewerId: number, owner: MemberRef): Promise<PersonalInfo | null> {
  const privacy = await featurePrivacies(db, owner.id);
  const relation = await relationOf(db, viewerId, owner.id);
  if (!allows(privacy.personal, relation)) return null;
  const profile = await loadProfile(db, owner.id);
  if (!profile) return null;
  const userPrivacyResponse = PRIVACY_FEATURES.map((feature) => ({
    featureName: feature,
    // 'calls': whether the viewer may call the owner (policy/privacy.ts allowsCall).
    privacyResponseCode: (feature === 'calls' ? allowsCall(privacy.calls, relation) : allows(privacy[feature], relation)) ? ACCESS_OK : ACCESS_RESTRICTED,
  }));
  return { ...profile, userPrivacyResponse };
}

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(path(USER_PATHS.personal), {
    config: { access: 'member' },
    schema: { tags: ['user'], querystring: personalQuery, response: { 200: envelope(personalInfo) } },
    handler: async (request) => {
      const me = memberOf(request);
      const owner = await memberOr404(app.db, request.query.friendCode || me.userCode);
      const data = await personalFor(app.db, me.id, owner);
      if (!data) return { code: 200, message: 'Hidden by the member.', accessCode: ACCESS_RESTRICTED };
      return { code: 200, message: 'ok', accessCode: ACCESS_OK, data };
    },
  });

  app.get(path(USER_PATHS.profile(param('userCode'))), {
    config: { access: 'member' },
    schema: { tags: ['user'], params: userCodeParams, response: { 200: envelope(userProfile) } },
    handler: async (request) => {
      const me = memberOf(request);
      const owner = await memberOr404(app.db, request.params.userCode);
      const profile = await loadProfile(app.db, owner.id);
      if (!profile) throw new HttpError(404, NOT_FOUND);
      // The card (display name, plan, profession, about) is for every member; real names follow
      // the personal-details privacy.
      if (!(await canView(app.db, me.id, owner.id, owner.privacyCode))) {
        return { code: 200, message: 'ok', data: { ...profile, firstName: '', lastName: '' } };
      }
      return { code: 200, message: 'ok', data: profile };
    },
  });

  app.put(path(USER_PATHS.updatePersonal(param('userCode'))), {
    config: { access: { owner: 'params.userCode' }, write: 'once' },
    schema: { tags: ['user'], params: userCodeParams, body: personalUpdate, response: { 201: envelope(personalInfo) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const body = request.body;
      return writeOnce(request, reply, async (tx) => {
        if ('privacyCode' in body) {
          await setFeaturePrivacy(tx, me.id, 'personal', body.privacyCode);
        } else {
          if (!(await professionExists(tx, body.professionCode))) throw fieldError('professionCode', MESSAGES.professionRequired);
          const { firstName, lastName, displayName, professionCode } = body;
          await updateDetails(tx, me.id, { firstName, lastName, displayName, professionCode });
        }
        const owner = await memberOr404(tx, me.userCode);
        const data = await personalFor(tx, me.id, owner);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Personal details updated.', data } };
      });
    },
  });

  app.put(path(USER_PATHS.updateAbout(param('userCode'))), {
    config: { access: { owner: 'params.userCode' }, write: 'once' },
    schema: { tags: ['user'], params: userCodeParams, body: aboutUpdate, response: { 201: envelope(userProfile) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        // Stored as typed and always rendered as text, never as HTML.
        await updateAbout(tx, me.id, request.body.about);
        const data = await loadProfile(tx, me.id);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'About updated.', data } };
      });
    },
  });

  app.get(path(USER_PATHS.plan(param('userCode'))), {
    config: { access: 'member' },
    schema: { tags: ['user'], params: userCodeParams, response: { 200: envelope(userPlan) } },
    handler: async (request) => {
      const member = await memberOr404(app.db, request.params.userCode);
      const data = await loadPlan(app.db, member);
      if (!data) throw new HttpError(404, 'Plan not found.');
      return { code: 200, message: 'ok', data };
    },
  });

  app.get(path(USER_PATHS.menu(param('userCode'))), {
    config: { access: 'member' },
    schema: { tags: ['user'], params: userCodeParams, response: { 200: envelope(userMenu) } },
    handler: async (request) => {
      const member = await memberOr404(app.db, request.params.userCode);
      return { code: 200, message: 'ok', data: await loadMenu(app.db, member, memberOf(request).id) };
    },
  });

  app.get(path(USER_PATHS.utilization), {
    config: { access: 'member' },
    schema: { tags: ['user'], response: { 200: envelope(utilization) } },
    handler: async (request) => {
      const member = await memberOr404(app.db, memberOf(request).userCode);
      return { code: 200, message: 'ok', data: await loadUtilization(app.db, member) };
    },
  });
};

export default userRoutes;
