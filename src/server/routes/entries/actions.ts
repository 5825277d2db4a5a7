/**
 * What any member who can see an entry may do with it (spec §6): archive (save/unsave),
 * report, rate (half steps, one rating per member, re-rating replaces it) and vote in a
 * poll (one vote per member, voting again moves the vote). All idempotent by nature
 * (upserts and deletes) and through the Idempotency-Key.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE_OK, ENTRY_TYPE } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import {
  ENTRY_MESSAGES,
  ENTRY_PATHS,
  pollingDetailsOut,
  pollVoteForm,
  postCodeParams,
  rateAnswer,
  rateForm,
  reportForm,
} from '../../../contract/entries';
import { pollVotes, postRatings, postReports, savedPosts } from '../../db/schema/entries';
import { fieldError, HttpError } from '../../http-error';
import { memberOf } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { entryBulletin } from '../../domain/bulletins/entries';
import { bulletin } from '../../plugins/bulletins';
import { loadItem } from './read-repo';
import { visibleEntry } from '../../domain/entries/write-repo';

const path = (p: string) => `/${p}`;
const done = envelope(z.object({ postCode: z.string(), saved: z.boolean().optional() }));

const entryActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(path(ENTRY_PATHS.save(':postCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], params: postCodeParams, response: { 200: done } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, request.params.postCode);
        await tx.insert(savedPosts).values({ postId: entry.id, userId: me.id }).onConflictDoNothing();
        return { status: CODE_OK, body: { code: CODE_OK, message: ENTRY_MESSAGES.saved, data: { postCode: entry.postCode, saved: true } } };
      });
    },
  });

  app.put(path(ENTRY_PATHS.unsave(':postCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], params: postCodeParams, response: { 200: done } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, request.params.postCode);
        await tx.delete(savedPosts).where(and(eq(savedPosts.postId, entry.id), eq(savedPosts.userId, me.id)));
        return { status: CODE_OK, body: { code: CODE_OK, message: ENTRY_MESSAGES.unsaved, data: { postCode: entry.postCode, saved: false } } };
      });
    },
  });

  app.post(path(ENTRY_PATHS.report(':postCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], params: postCodeParams, body: reportForm, response: { 200: done } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, request.params.postCode);
        await tx.insert(postReports).values({ postId: entry.id, userId: me.id, description: request.body.reportDescription });
        return { status: CODE_OK, body: { code: CODE_OK, message: ENTRY_MESSAGES.reported, data: { postCode: entry.postCode } } };
      });
    },
  });

  app.post(path(ENTRY_PATHS.rate(':postCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], params: postCodeParams, body: rateForm, response: { 200: envelope(rateAnswer) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, request.params.postCode);
        const halves = Math.round(request.body.rating * 2);
        const [before] = await tx
          .select({ halves: postRatings.halves })
          .from(postRatings)
          .where(and(eq(postRatings.postId, entry.id), eq(postRatings.userId, me.id)));
        // The first rating tells the author; changing one's mind does not tell them again.
        if (!before) await bulletin(request, tx, await entryBulletin(tx, 'entryRating', me.id, entry.authorId, entry.postCode));
        await tx
          .insert(postRatings)
          .values({ postId: entry.id, userId: me.id, halves })
          .onConflictDoUpdate({ target: [postRatings.postId, postRatings.userId], set: { halves } });
        const [avg] = await tx
          .select({ a: sql<number>`coalesce(avg(${postRatings.halves}), 0)::float8` })
          .from(postRatings)
          .where(eq(postRatings.postId, entry.id));
        const data = { avgRating: Math.round((Number(avg?.a ?? 0) / 2) * 10) / 10, currentRating: halves / 2 };
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Rated.', data } };
      });
    },
  });

  app.post(path(ENTRY_PATHS.pollVote(':postCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], params: postCodeParams, body: pollVoteForm, response: { 200: envelope(pollingDetailsOut) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const { userPostCode, pollingResponse } = request.body;
      if (userPostCode !== request.params.postCode) throw fieldError('userPostCode', 'userPostCode must be the entry of the path.');
      return writeOnce(request, reply, async (tx) => {
        const entry = await visibleEntry(tx, me, userPostCode);
        if (entry.featureCode !== ENTRY_TYPE.poll || entry.sharedPostId !== null) throw new HttpError(400, ENTRY_MESSAGES.notPoll);
        if (pollingResponse === 3 && !entry.pollOption3) throw fieldError('pollingResponse', ENTRY_MESSAGES.pollNoOption);
        await tx
          .insert(pollVotes)
          .values({ postId: entry.id, userId: me.id, option: pollingResponse })
          .onConflictDoUpdate({ target: [pollVotes.postId, pollVotes.userId], set: { option: pollingResponse } });
        const item = await loadItem(tx, me.id, entry.postCode);
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Voted.', data: item?.originalPost?.pollingDetails ?? undefined } };
      });
    },
  });
};

export default entryActionRoutes;
