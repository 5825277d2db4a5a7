/**
 * Work and education of the vault (spec/calls.md "User profile"). Visitors see only what
 * the owner's feature privacy ('work', 'education') AND each row's privacy allow; a
 * hidden feature answers accessCode 106 and no rows. Writes are the owner's only (403).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_OK, CODE_CREATED } from '../../../contract/codes';
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
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { OWNER_ONLY, viewedOf } from '../../plugins/policy';
import { allows } from '../../policy/privacy';
import { LOOKUP_TABLES, lookupExists } from './lookups';
import * as repo from './repo';

const param = (name: string) => `:${name}`;
/** The rows of a feature the caller may see (the feature itself is checked by the route's `reads` rule). */
const visibleRows = <T extends { privacyCode: number }>(request: FastifyRequest, rows: T[]): T[] => rows.filter((row) => allows(row.privacyCode, viewedOf(request).relation));

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
    config: { access: { reads: 'work', of: 'params.userCode' } },
    schema: { tags: ['vault'], params: userCodeParams, response: { 200: envelope(z.array(workItem)) } },
    handler: async (request) => {
      const rows = visibleRows(request, await repo.listWorks(app.db, viewedOf(request).id));
      return { code: 200, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: rows.length };
    },
  });

  app.post(`/${VAULT_PATHS.createWork(param('userCode'))}`, {
    config: { access: { owner: 'params.userCode' }, write: 'once' },
    schema: { tags: ['vault'], params: userCodeParams, body: workInput, response: { 201: envelope(workItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        await checkWorkCodes(tx, request.body);
        const code = await repo.insertWork(tx, me.id, request.body);
        const data = await repo.loadWork(tx, code);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Work added.', data } };
      });
    },
  });

  app.put(`/${VAULT_PATHS.updateWork(param('userCode'))}`, {
    config: { access: { owner: 'params.userCode' }, write: 'once' },
    schema: { tags: ['vault'], params: userCodeParams, body: workUpdate, response: { 201: envelope(workItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { userWorkCode, ...input } = request.body;
      return writeOnce(request, reply, async (tx) => {
        // Inside the write, so a replay answers the stored first answer, not 404.
        await assertOwnRow(await repo.workOwner(tx, userWorkCode), me.id, 'Work not found.');
        if ('companyCode' in input) await checkWorkCodes(tx, input as WorkInput);
        if (!(await repo.updateWork(tx, me.id, userWorkCode, input as WorkInput))) throw new HttpError(404, 'Work not found.');
        const data = await repo.loadWork(tx, userWorkCode);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Work updated.', data } };
      });
    },
  });

  app.delete(`/${VAULT_PATHS.deleteWork(param('workCode'))}`, {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['vault'], params: workCodeParams, response: { 200: envelope(deletedItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { workCode } = request.params;
      return writeOnce(request, reply, async (tx) => {
        // Inside the write, so a replay answers the stored first answer, not 404.
        await assertOwnRow(await repo.workOwner(tx, workCode), me.id, 'Work not found.');
        await repo.deleteWork(tx, me.id, workCode);
        return { status: 200, body: { code: 200, message: 'Work deleted.', data: { code: workCode } } };
      });
    },
  });

  app.get(`/${VAULT_PATHS.educations(param('userCode'))}`, {
    config: { access: { reads: 'education', of: 'params.userCode' } },
    schema: { tags: ['vault'], params: userCodeParams, response: { 200: envelope(z.array(educationItem)) } },
    handler: async (request) => {
      const rows = visibleRows(request, await repo.listEducations(app.db, viewedOf(request).id));
      return { code: 200, message: 'ok', accessCode: ACCESS_OK, data: rows, totalRecords: rows.length };
    },
  });

  app.post(`/${VAULT_PATHS.createEducation(param('userCode'))}`, {
    config: { access: { owner: 'params.userCode' }, write: 'once' },
    schema: { tags: ['vault'], params: userCodeParams, body: educationInput, response: { 201: envelope(educationItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        await checkEducationCodes(tx, request.body);
        const code = await repo.insertEducation(tx, me.id, request.body);
        const data = await repo.loadEducation(tx, code);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Education added.', data } };
      });
    },
  });

  app.put(`/${VAULT_PATHS.updateEducation(param('userCode'))}`, {
    config: { access: { owner: 'params.userCode' }, write: 'once' },
    schema: { tags: ['vault'], params: userCodeParams, body: educationUpdate, response: { 201: envelope(educationItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { userEduCode, ...input } = request.body;
      return writeOnce(request, reply, async (tx) => {
        // Inside the write, so a replay answers the stored first answer, not 404.
        await assertOwnRow(await repo.educationOwner(tx, userEduCode), me.id, 'Education not found.');
        if ('instituteCode' in input) await checkEducationCodes(tx, input as EducationInput);
        if (!(await repo.updateEducation(tx, me.id, userEduCode, input as EducationInput))) throw new HttpError(404, 'Education not found.');
        const data = await repo.loadEducation(tx, userEduCode);
        return { status: CODE_CREATED, body: { code: CODE_CREATED, message: 'Education updated.', data } };
      });
    },
  });

  app.delete(`/${VAULT_PATHS.deleteEducation(param('educationCode'))}`, {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['vault'], params: educationCodeParams, response: { 200: envelope(deletedItem) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { educationCode } = request.params;
      return writeOnce(request, reply, async (tx) => {
        // Inside the write, so a replay answers the stored first answer, not 404.
        await assertOwnRow(await repo.educationOwner(tx, educationCode), me.id, 'Education not found.');
        await repo.deleteEducation(tx, me.id, educationCode);
        return { status: 200, body: { code: 200, message: 'Education deleted.', data: { code: educationCode } } };
      });
    },
  });
};

/** 404 for a code that does not exist, 403 for another member's row. */
async function assertOwnRow(rowOwner: number | null, memberId: number, notFound: string): Promise<void> {
  if (rowOwner === null) throw new HttpError(404, notFound);
  if (rowOwner !== memberId) throw new HttpError(403, OWNER_ONLY);
}

export default vaultRoutes;
