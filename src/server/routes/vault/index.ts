/**
 * Work and education of the vault (spec/calls.md "User profile"). Visitors see only what
 * the owner's feature privacy ('work', 'education') AND each row's privacy allow; a
 * hidden feature answers accessCode 106 and no rows. Writes are the owner's only (403).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_OK, ACCESS_RESTRICTED, CODE_CREATED } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import { userCodeParams } from '../../../contract/user';
import {
  deletedItem,
  educationCodeParams,
  educationInput,
  educationItem,
  educationUpdate,
  VAULT_MESSAGES,
  VAULT_PATHS,
  workCodeParams,
  workInput,
  workItem,
  workUpdate,
  type EducationInput,
  type WorkInput,
} from '../../../contract/vault';
import type { Db } from '../../db/client';
import { HttpError, fieldError } from '../../http-error';
import { memberOf, type Member } from '../../plugins/auth';
import { idempotentWrite, sendWrite } from '../../plugins/idempotency';
import { allows, featurePrivacies, relationOf } from '../../privacy';
import { findMember } from '../user/repo';
import { LOOKUP_TABLES, lookupExists } from './lookups';
import * as repo from './repo';

const param = (name: string) => `:${name}`;
const HIDDEN = 'Hidden by the member.';
const FORBIDDEN = 'Only the owner can change this.';

async function ownerId(db: Db, userCode: string): Promise<number> {
  const found = await findMember(db, userCode);
  if (!found) throw new HttpError(404, 'Member not found.');
  return found.id;
}

function ownerOnly(member: Member, userCode: string): void {
  if (member.userCode !== userCode) throw new HttpError(403, FORBIDDEN);
}

/** The rows `viewerId` may see, or null when the whole feature is hidden from them. */
async function visibleRows<T extends { privacyCode: number }>(
  db: Db,
  viewerId: number,
  owner: number,
  feature: 'work' | 'education',
  load: () => Promise<T[]>,
): Promise<T[] | null> {
  const relation = await relationOf(db, viewerId, owner);
  const privacy = await featurePrivacies(db, owner);
  if (!allows(privacy[feature], relation)) return null;
  return (await load()).filter((row) => allows(row.privacyCode, relation));
}

async function checkWorkCodes(db: Db, input: WorkInput): Promise<void> {
  if (!(await lookupExists(db, LOOKUP_TABLES.companies, input.companyCode))) throw fieldError('companyCode', VAULT_MESSAGES.companyRequired);
  if (!(await lookupExists(db, LOOKUP_TABLES.positions, input.positionCode))) throw fieldError('positionCode', VAULT_MESSAGES.positionRequired);
  if (!(await lookupExists(db, LOOKUP_TABLES.locations, input.locationCode))) throw fieldError('locationCode', VAULT_MESSAGES.locationRequired);
}

async function checkEducationCodes(db: Db, input: EducationInput): Promise<void> {
  if (!(await lookupExists(db, LOOKUP_TABLES.institutes, input.instituteCode))) throw fieldError('instituteCode', VAULT_MESSAGES.instituteRequired);
  if (!(await lookupExists(db, LOOKUP_TABLES.courses, input.courseCode))) throw fieldError('courseCode', VAULT_MESSAGES.courseRequired);
  if (!(await lookupExists(db, LOOKUP_TABLES.locations, input.locationCode))) throw fieldError('locationCode', VAULT_MESSAGES.locationRequired);
}

const vaultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`/${VAULT_PATHS.works(param('userCode'))}`, {
    schema: { tags: ['vault'], params: userCodeParams, response: { 200: envelope(z.array(workItem)) } },
    handler: async (request) => {
      const me = memberOf(request);
      const owner = await ownerId(app.db, request.params.userCode);
      const rows = await visibleRows(app.db, me.id, owner, 'work', () => repo.listWorks(app.db, owner));
      if (!rows) return { code: 200, message: HIDDEN, accessCode: ACCESS_RESTRICTED };
      return { code: 200, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: rows.length };
    },
  });

  app.post(`/${VAULT_PATHS.createWork(param('userCode'))}`, {
    schema: { tags: ['vault'], params: userCodeParams, body: workInput, response: { 201: envelope(workItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      ownerOnly(me, request.params.userCode);
      const result = await idempotentWrite(app.db, request, me.userCode, async (tx) => {
        await checkWorkCodes(tx, request.body);
        const code = await repo.insertWork(tx, me.id, request.body);
        const data = await repo.loadWork(tx, code);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Work added.', data } };
      });
      return sendWrite(reply, result);
    },
  });

  app.put(`/${VAULT_PATHS.updateWork(param('userCode'))}`, {
    schema: { tags: ['vault'], params: userCodeParams, body: workUpdate, response: { 201: envelope(workItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      ownerOnly(me, request.params.userCode);
      const { userWorkCode, ...input } = request.body;
      const result = await idempotentWrite(app.db, request, me.userCode, async (tx) => {
        // Inside the write, so a replay answers the stored first answer, not 404.
        await assertOwnRow(await repo.workOwner(tx, userWorkCode), me.id, 'Work not found.');
        if ('companyCode' in input) await checkWorkCodes(tx, input as WorkInput);
        if (!(await repo.updateWork(tx, me.id, userWorkCode, input as WorkInput))) throw new HttpError(404, 'Work not found.');
        const data = await repo.loadWork(tx, userWorkCode);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Work updated.', data } };
      });
      return sendWrite(reply, result);
    },
  });

  app.delete(`/${VAULT_PATHS.deleteWork(param('workCode'))}`, {
    schema: { tags: ['vault'], params: workCodeParams, response: { 200: envelope(deletedItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { workCode } = request.params;
      const result = await idempotentWrite(app.db, request, me.userCode, async (tx) => {
        // Inside the write, so a replay answers the stored first answer, not 404.
        await assertOwnRow(await repo.workOwner(tx, workCode), me.id, 'Work not found.');
        await repo.deleteWork(tx, me.id, workCode);
        return { status: 200, body: { code: 200, message: 'Work deleted.', data: { code: workCode } } };
      });
      return sendWrite(reply, result);
    },
  });

  app.get(`/${VAULT_PATHS.educations(param('userCode'))}`, {
    schema: { tags: ['vault'], params: userCodeParams, response: { 200: envelope(z.array(educationItem)) } },
    handler: async (request) => {
      const me = memberOf(request);
      const owner = await ownerId(app.db, request.params.userCode);
      const rows = await visibleRows(app.db, me.id, owner, 'education', () => repo.listEducations(app.db, owner));
      if (!rows) return { code: 200, message: HIDDEN, accessCode: ACCESS_RESTRICTED };
      return { code: 200, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: rows.length };
    },
  });

  app.post(`/${VAULT_PATHS.createEducation(param('userCode'))}`, {
    schema: { tags: ['vault'], params: userCodeParams, body: educationInput, response: { 201: envelope(educationItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      ownerOnly(me, request.params.userCode);
      const result = await idempotentWrite(app.db, request, me.userCode, async (tx) => {
        await checkEducationCodes(tx, request.body);
        const code = await repo.insertEducation(tx, me.id, request.body);
        const data = await repo.loadEducation(tx, code);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Education added.', data } };
      });
      return sendWrite(reply, result);
    },
  });

  app.put(`/${VAULT_PATHS.updateEducation(param('userCode'))}`, {
    schema: { tags: ['vault'], params: userCodeParams, body: educationUpdate, response: { 201: envelope(educationItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      ownerOnly(me, request.params.userCode);
      const { userEduCode, ...input } = request.body;
      const result = await idempotentWrite(app.db, request, me.userCode, async (tx) => {
        // Inside the write, so a replay answers the stored first answer, not 404.
        await assertOwnRow(await repo.educationOwner(tx, userEduCode), me.id, 'Education not found.');
        if ('instituteCode' in input) await checkEducationCodes(tx, input as EducationInput);
        if (!(await repo.updateEducation(tx, me.id, userEduCode, input as EducationInput))) throw new HttpError(404, 'Education not found.');
        const data = await repo.loadEducation(tx, userEduCode);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Education updated.', data } };
      });
      return sendWrite(reply, result);
    },
  });

  app.delete(`/${VAULT_PATHS.deleteEducation(param('educationCode'))}`, {
    schema: { tags: ['vault'], params: educationCodeParams, response: { 200: envelope(deletedItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { educationCode } = request.params;
      const result = await idempotentWrite(app.db, request, me.userCode, async (tx) => {
        // Inside the write, so a replay answers the stored first answer, not 404.
        await assertOwnRow(await repo.educationOwner(tx, educationCode), me.id, 'Education not found.');
        await repo.deleteEducation(tx, me.id, educationCode);
        return { status: 200, body: { code: 200, message: 'Education deleted.', data: { code: educationCode } } };
      });
      return sendWrite(reply, result);
    },
  });
};

/** 404 for a code that does not exist, 403 for another member's row. */
async function assertOwnRow(rowOwner: number | null, memberId: number, notFound: string): Promise<void> {
  if (rowOwner === null) throw new HttpError(404, notFound);
  if (rowOwner !== memberId) throw new HttpError(403, FORBIDDEN);
}

export default vaultRoutes;
