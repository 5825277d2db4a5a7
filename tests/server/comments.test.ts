/**
 * Comments and replies: pages of 3 and 5, create once (client commentCode), replies filed
 * under their top-level comment, edit and delete by the comment author only, like/dislike,
 * and nobody reads or writes comments of an entry they cannot see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuid } from 'uuid';
import { ENTRY_MESSAGES, ENTRY_PATHS as P, type CommentItem } from '../../src/contract/entries';
import { dbTargets, startTestServer, type TestMember, type TestServer } from '../support/server';

describe.each(dbTargets())('comments on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let a: TestMember;
  let b: TestMember;
  let post: string;
  beforeAll(async () => {
    s = await startTestServer({ databaseUrl });
    [a, b] = [await s.signUpMember(), await s.signUpMember()];
    post = uuid();
    const made = await s.call('POST', P.create, { token: a.token, body: { userPostCode: post, featureCode: 5, postDescription: 'Talk to me' } });
    if (made.status !== 201) throw new Error(`create failed: ${made.status}`);
  });
  afterAll(async () => {
    await s?.close();
  });

  const comment = (m: TestMember, text: string, replyCommentCode?: string, commentCode = uuid(), key?: string) =>
    s.call('POST', P.commentCreate(post), {
      token: m.token,
      body: { commentCode, comment: text, replyCommentCode },
      headers: key ? { 'Idempotency-Key': key } : {},
    });
  const list = async (m: TestMember, path: string) => {
    const r = await s.call('GET', path, { token: m.token });
    return { total: r.body.totalRecords as number, comments: r.body.data.userPostComment.comments as CommentItem[] };
  };

  it('creates, pages, replies, edits, reacts and deletes', async () => {
    const code = uuid();
    const first = await comment(b, 'First!', undefined, code, 'c-1');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ commentCode: code, comment: 'First!', user: { userCode: b.userCode }, like: 0, exp: null, noOfReplies: 0, replyCommentCode: null });
    expect((await comment(b, 'First!', undefined, code, 'c-1')).headers.get('idempotent-replayed')).toBe('true');
    expect((await comment(b, 'First!', undefined, code)).status).toBe(200); // same code, no key: still once
    for (const t of ['two', 'three', 'four']) await comment(a, t);
    const page1 = await list(b, P.comments(post));
    expect(page1.total).toBe(4);
    expect(page1.comments.map((c) => c.comment)).toEqual(['four', 'three', 'two']);
    expect((await list(b, `${P.comments(post)}?pageNo=2`)).comments.map((c) => c.comment)).toEqual(['First!']);

    const reply = await comment(a, 'Welcome', code);
    expect(reply.body.data.replyCommentCode).toBe(code);
    // A reply to a reply joins the top-level thread.
    const deeper = await comment(b, 'Thanks', reply.body.data.commentCode);
    expect(deeper.body.data.replyCommentCode).toBe(code);
    for (let i = 0; i < 4; i += 1) await comment(a, `more ${i}`, code);
    const replies = await list(a, P.comment(post, code));
    expect(replies.total).toBe(6);
    expect(replies.comments.map((c) => c.comment)).toEqual(['Welcome', 'Thanks', 'more 0', 'more 1', 'more 2']);
    expect((await list(a, P.comments(post))).comments.find((c) => c.commentCode === code)).toBeUndefined(); // page 1 is newest
    expect((await list(a, `${P.comments(post)}?pageNo=2`)).comments[0]!.noOfReplies).toBe(6);
    const entry = await s.call('GET', P.entry(post), { token: a.token });
    expect(entry.body.data.originalPost.noOfComments).toBe(10);

    // Only the comment author edits or deletes.
    expect((await s.call('PUT', P.commentUpdate(post, code), { token: a.token, body: { comment: 'hijack' } })).status).toBe(403);
    const edited = await s.call('PUT', P.commentUpdate(post, code), { token: b.token, body: { comment: 'First, edited' } });
    expect(edited.status).toBe(201);
    expect(edited.body.data.comment).toBe('First, edited');
    expect((await s.call('PUT', P.commentUpdate(post, code), { token: b.token, body: { comment: '  ' } })).status).toBe(400);

    const react = (m: TestMember, exp: 'like' | 'dislike' | 'none') =>
      s.call('POST', P.commentReact(post, exp), { token: m.token, body: { exp, commentCode: code, userPostCode: post } });
    expect((await react(a, 'like')).body.data).toEqual({ commentCode: code, like: 1, dislike: 0, exp: 'like' });
    expect((await react(b, 'dislike')).body.data).toEqual({ commentCode: code, like: 1, dislike: 1, exp: 'dislike' });
    expect((await react(a, 'none')).body.data).toEqual({ commentCode: code, like: 0, dislike: 1, exp: null });
    expect((await s.call('POST', P.commentReact(post, 'like'), { token: a.token, body: { exp: 'dislike', commentCode: code, userPostCode: post } })).status).toBe(400);

    const del = await s.call('DELETE', P.comment(post, code), { token: a.token });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe(ENTRY_MESSAGES.notCommentAuthor);
    expect((await s.call('DELETE', P.comment(post, code), { token: b.token })).status).toBe(200);
    expect((await list(a, P.comments(post))).total).toBe(3); // its replies went with it
    expect((await s.call('DELETE', P.comment(post, code), { token: b.token })).status).toBe(404);
  });

  it('refuses empty comments and comments on entries one cannot see', async () => {
    const empty = await comment(b, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors.comment).toEqual([ENTRY_MESSAGES.commentRequired]);
    const secret = uuid();
    await s.call('POST', P.create, { token: a.token, body: { userPostCode: secret, featureCode: 5, postDescription: 'mine', privacyCode: 3 } });
    const onSecret = await s.call('POST', P.commentCreate(secret), { token: b.token, body: { commentCode: uuid(), comment: 'peek' } });
    expect(onSecret.status).toBe(404);
    expect((await s.call('GET', P.comments(secret), { token: b.token })).status).toBe(404);
    expect((await s.call('POST', P.commentCreate(secret), { token: a.token, body: { commentCode: uuid(), comment: 'note to self' } })).status).toBe(201);
  });
});
