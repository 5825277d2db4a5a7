/**
 * Entry writes: create (every type), share (201), delete and privacy (author only). Each
 * runs once per Idempotency-Key, and a create or share also dedupes on its client code
 * (userPostCode), so a replay without the key is stored once too (answer 200, same item).
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE_CREATED, CODE_OK } from '../../../contract/codes';
import { envelope } from '../../../contract/envelope';
import {
  ENTRY_PATHS,
  entryForm,
  postCodeParams,
  postItem,
  privacyUpdate,
  shareForm,
  targetQuery,
  type PostGallery,
} from '../../../contract/entries';
import type { Db } from '../../db/client';
import { postMedia, posts } from '../../db/schema/entries';
import { memberOf, type Member } from '../../plugins/auth';
import { writeOnce } from '../../plugins/idempotency';
import { entryBulletin } from '../../domain/bulletins/entries';
import { bulletin } from '../../plugins/bulletins';
import { checkOwnGalleries } from '../../domain/entry-media/store';
import { loadItem } from './read-repo';
import { checkEmoji, checkGallery, existingCreate, insertEntry, ownEntry, tagIds, targetOrigin, visibleEntry } from '../../domain/entries/write-repo';

const path = (p: string) => `/${p}`;
const itemAnswer = envelope(postItem);
const ordered = (g: PostGallery[]) => [...g].sort((a, b) => a.order - b.order);

async function answerItem(tx: Db, me: Member, postCode: string, status: number, message: string) {
  const item = await loadItem(tx, me.id, postCode);
  return { status, body: { code: status, message, data: item } };
}

const entryWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(path(ENTRY_PATHS.create), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], querystring: targetQuery, body: entryForm, response: { 200: itemAnswer, 201: itemAnswer } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const f = request.body;
      return writeOnce(request, reply, async (tx) => {
        if (await existingCreate(tx, me, f.userPostCode)) return answerItem(tx, me, f.userPostCode, CODE_OK, 'Already created.');
        const origin = await targetOrigin(tx, me, request.query.postType, request.query.profileCode);
        await checkEmoji(tx, 'emojiCode', f.emojiCode, 'feeling');
        await checkEmoji(tx, 'activityCode', f.activityCode, 'activity');
        checkGallery(f.postGalleries);
        await checkOwnGalleries(tx, me.id, f.postGalleries);
        const tags = await tagIds(tx, f.postTags);
        const poll = f.featureCode === 1 ? f.pollingDetails : null;
        const from = f.fromLocationDetails ?? null;
        const to = f.toLocationDetails ?? null;
        const dated = f.featureCode === 2 || f.featureCode === 3;
        await insertEntry(
          tx,
          {
            postCode: f.userPostCode,
            authorId: me.id,
            ...origin,
            featureCode: f.featureCode,
            description: f.postDescription,
            emojiCode: f.emojiCode ?? null,
            activityCode: f.activityCode ?? null,
            privacyCode: f.privacyCode,
            fromPlaceId: from?.placeId ?? null,
            fromPlace: from?.place ?? null,
            fromLat: from?.latitude ?? null,
            fromLon: from?.longitude ?? null,
            // Only a transit has an end place (spec §4: other types clear the locations).
            toPlaceId: f.featureCode === 3 ? (to?.placeId ?? null) : null,
            toPlace: f.featureCode === 3 ? (to?.place ?? null) : null,
            toLat: f.featureCode === 3 ? (to?.latitude ?? null) : null,
            toLon: f.featureCode === 3 ? (to?.longitude ?? null) : null,
            fromAt: dated && f.fromDateTime ? new Date(f.fromDateTime) : null,
            toAt: dated && f.toDateTime ? new Date(f.toDateTime) : null,
            pollQuestion: poll ? poll.pollingQuestion.trim() : null,
            pollOption1: poll ? poll.pollingAnswer1.trim() : null,
            pollOption2: poll ? poll.pollingAnswer2.trim() : null,
            pollOption3: poll && poll.pollingAnswer3.trim() ? poll.pollingAnswer3.trim() : null,
          },
          tags,
          ordered(f.postGalleries),
        );
        for (const tagged of new Set(tags)) await bulletin(request, tx, await entryBulletin(tx, 'entryTag', me.id, tagged, f.userPostCode));
        return answerItem(tx, me, f.userPostCode, CODE_CREATED, 'Created.');
      });
    },
  });

  app.post(path(ENTRY_PATHS.share), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], querystring: targetQuery, body: shareForm, response: { 200: itemAnswer, 201: itemAnswer } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      const f = request.body;
      return writeOnce(request, reply, async (tx) => {
        if (await existingCreate(tx, me, f.userPostCode)) return answerItem(tx, me, f.userPostCode, CODE_OK, 'Already shared.');
        const shared = await visibleEntry(tx, me, f.originalUserPostCode);
        // Sharing a share shares the entry it shares (one level, like the post card shows).
        const root = shared.sharedPostId ?? shared.id;
        const [rootRow] = await tx.select({ featureCode: posts.featureCode }).from(posts).where(eq(posts.id, root)).limit(1);
        const origin = await targetOrigin(tx, me, request.query.postType, request.query.profileCode);
        checkGallery(f.postGalleries);
        // A share may carry the original's galleries as they are; anything else is the sharer's own upload.
        const originals = await tx.select({ path: postMedia.path }).from(postMedia).where(eq(postMedia.postId, root));
        await checkOwnGalleries(tx, me.id, f.postGalleries, new Set(originals.map((m) => m.path)));
        await insertEntry(
          tx,
          {
            postCode: f.userPostCode,
            authorId: me.id,
            ...origin,
            featureCode: rootRow?.featureCode ?? shared.featureCode,
            description: f.postDescription,
            privacyCode: f.privacyCode,
            sharedPostId: root,
            isShare: true,
          },
          [],
          ordered(f.postGalleries),
        );
        const [rootAuthor] = await tx.select({ id: posts.authorId }).from(posts).where(eq(posts.id, root)).limit(1);
        if (rootAuthor) await bulletin(request, tx, await entryBulletin(tx, 'entryShare', me.id, rootAuthor.id, f.userPostCode));
        return answerItem(tx, me, f.userPostCode, CODE_CREATED, 'Shared.');
      });
    },
  });

  app.delete(path(ENTRY_PATHS.entry(':postCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], params: postCodeParams, response: { 200: envelope(z.object({ postCode: z.string() })) } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const entry = await ownEntry(tx, me, request.params.postCode);
        await tx.delete(posts).where(eq(posts.id, entry.id));
        return { status: CODE_OK, body: { code: CODE_OK, message: 'Deleted.', data: { postCode: entry.postCode } } };
      });
    },
  });

  app.put(path(ENTRY_PATHS.privacy(':postCode')), {
    config: { access: 'member', write: 'once' },
    schema: { tags: ['entries'], params: postCodeParams, body: privacyUpdate, response: { 201: itemAnswer } },
    handler: async (request, reply) => {
      const me = memberOf(request);
      return writeOnce(request, reply, async (tx) => {
        const entry = await ownEntry(tx, me, request.params.postCode);
        await tx.update(posts).set({ privacyCode: request.body.privacyCode }).where(eq(posts.id, entry.id));
        return answerItem(tx, me, entry.postCode, CODE_CREATED, 'Privacy changed.');
      });
    },
  });
};

export default entryWriteRoutes;
