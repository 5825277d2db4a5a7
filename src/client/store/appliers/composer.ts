/**
 * 'entry.create' (spec §2.6): the entry is its own optimistic row in `posts`, keyed by
 * its client-generated userPostCode — the code the server stores it under — so the
 * canonical row lands on the same key and nothing duplicates.
 * A post row is a feed PostItem plus `postCode` and `postedAt` (the ISO creation time,
 * the feed's sort index). While unsent, galleries name their files `blob:<id>`
 * (mediaBlobs rows; sync/entry-media.ts uploads them first).
 * - local: the row built from the payload, my profile, the emojis master and my billionetts;
 * - answer: the server's PostItem replaces it; the entry's blobs go (they are on the server);
 * - discard: the row and its blobs go (the server never had them).
 */
import { ENTRY_TYPE } from '../../../contract/codes';
import { postItem, type OriginalPost } from '../../../contract/entries';
import type { MutationPayload } from '../../../contract/mutations';
import type { MemberDb } from '../db';
import { postRowOf } from '../entry-rows';
import type { AreaAppliers } from './applier';

type Create = MutationPayload<'entry.create'>;

async function optimisticPost(db: MemberDb, p: Create, postDateTime: string): Promise<OriginalPost> {
  const f = p.data;
  const [me, emojis, tagged] = await Promise.all([
    db.profiles.get(p.userCode),
    db.masters.get('emojis'),
    db.people.bulkGet(f.postTags ?? []),
  ]);
  const emojiRows = emojis?.name === 'emojis' ? emojis.rows : [];
  const feeling = emojiRows.find((e) => e.emojiCode === f.emojiCode);
  const activity = emojiRows.find((e) => e.emojiCode === f.activityCode);
  const origin = p.profileCode ?? p.userCode;
  const where = await originOf(db, p, me?.displayName ?? '');
  const poll = f.pollingDetails;
  const from = f.fromLocationDetails;
  const to = f.toLocationDetails;
  const period = f.fromDateTime ? { start_date: f.fromDateTime, end_date: f.toDateTime ?? null } : null;
  return {
    postCode: f.userPostCode,
    postedBy: {
      userCode: p.userCode,
      displayName: me?.displayName ?? '',
      planName: me?.planName ?? '',
      professionName: me?.professionName ?? '',
      profileDp: me?.profileDp ?? null,
      gender: (me?.gender ?? 'Male') as OriginalPost['postedBy']['gender'],
    },
    postedAt: { originCode: origin, originName: where.name, postType: p.postType ?? 'user', originAdminCode: where.admin },
    feelings: feeling ? { feelingName: feeling.emojiName, feelingicon: feeling.emojiIcon } : null,
    activity: activity ? { activityName: activity.emojiName, activityicon: activity.emojiIcon } : null,
    taggedUsers: (f.postTags ?? []).map((code, i) => ({ userCode: code, displayName: tagged[i]?.displayName ?? '' })),
    postDateTime,
    location:
      from || to
        ? {
            fromplaceName: from?.place ?? null,
            fromlatitude: from?.latitude ?? null,
            fromlongitude: from?.longitude ?? null,
            toplaceName: to?.place ?? null,
            tolatitude: to?.latitude ?? null,
            tolongitude: to?.longitude ?? null,
          }
        : null,
    saved: false,
    postDescription: f.postDescription ?? '',
    featureCode: f.featureCode,
    pollingDetails: poll
      ? {
          pollingQuestion: poll.pollingQuestion ?? '',
          pollingOptions: {
            option1: { text: poll.pollingAnswer1 ?? '', votes: 0 },
            option2: { text: poll.pollingAnswer2 ?? '', votes: 0 },
            option3: poll.pollingAnswer3?.trim() ? { text: poll.pollingAnswer3, votes: 0 } : null,
          },
          currentUserOption: null,
        }
      : null,
    postGalleries: (f.postGalleries ?? []).map((g, order) => ({
      path: g.path,
      width: g.width ?? 0,
      height: g.height ?? 0,
      albumName: g.albumName ?? '',
      order: g.order ?? order,
      mediaType: g.mediaType ?? 'image',
    })),
    avgRating: 0,
    currentRating: 0,
    noOfComments: 0,
    noOfShares: 0,
    privacyCode: f.privacyCode ?? 1,
    occasionPeriod: f.featureCode === ENTRY_TYPE.occasion ? period : null,
    transitPeriod: f.featureCode === ENTRY_TYPE.transit ? period : null,
  };
}

/** Where the entry goes, as its card names it: a suite's owner, or a circle or slate (their mirrored rows). */
async function originOf(db: MemberDb, p: Create, myName: string): Promise<{ name: string; admin: string }> {
  const origin = p.profileCode ?? p.userCode;
  if (p.postType === 'group') {
    const circle = await db.circles.get(origin);
    return { name: circle?.groupName ?? '', admin: circle?.groupAdminCode ?? origin };
  }
  if (p.postType === 'page') {
    const slate = await db.slates.get(origin);
    return { name: slate?.pageName ?? '', admin: slate?.pageAdminCode ?? origin };
  }
  const name = origin === p.userCode ? myName : ((await db.people.get(origin))?.displayName ?? '');
  return { name, admin: origin };
}

export const composerAppliers = {
  'entry.create': {
    local: async (db, p, mark) => {
      const code = p.data.userPostCode;
      const old = await db.posts.get(code);
      // Keep the first drawn time: a redraw after a pull must not move the card.
      const time = typeof old?.postedAt === 'string' && old.postedAt ? old.postedAt : new Date().toISOString();
      const originalPost = await optimisticPost(db, p, time);
      await db.posts.put(postRowOf({ originalPost, sharedDetails: null, isShared: false }, mark));
    },
    answer: async (db, p, data) => {
      const code = p.data.userPostCode;
      const answer = postItem.safeParse(data);
      if (answer.success) await db.posts.put(postRowOf(answer.data));
      else await db.posts.update(code, { _sync: undefined });
      await db.mediaBlobs.where('owner').equals(code).delete();
    },
    discard: async (db, p) => {
      const code = p.data.userPostCode;
      await db.posts.delete(code);
      await db.mediaBlobs.where('owner').equals(code).delete();
    },
  },
} satisfies AreaAppliers;
