/**
 * The member database is declared at its newest version only (store/db.ts): a device whose
 * database an older release made must open it with every row kept and the newer tables added.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { MEMBER_DB_VERSION, MemberDb, memberDbName } from '../../src/client/store/db';

const USER = 'upgrade-member';

afterEach(async () => {
  await Dexie.delete(memberDbName(USER));
});

describe('the member database opened over an older release’s', () => {
  it('keeps the rows of version 5 (entries) and adds the tables of later versions', async () => {
    // What release 5 declared: its tables, as that release's code built them.
    const old = new Dexie(memberDbName(USER));
    old.version(1).stores({ profiles: 'userCode', outbox: 'id, status, target, [target+id]', drafts: 'key' });
    old.version(5).stores({ posts: 'postCode, postedAt', comments: 'commentCode, postCode, parentCode', mediaBlobs: 'id, owner' });
    await old.open();
    await old.table('posts').put({ postCode: 'p1', postedAt: 5, text: 'kept' });
    await old.table('outbox').put({ id: 'w1', status: 'queued', target: 'entry', body: {} });
    old.close();

    const db = new MemberDb(USER);
    await db.open();
    expect(db.verno).toBe(MEMBER_DB_VERSION);
    expect(await db.posts.get('p1')).toMatchObject({ text: 'kept' });
    expect(await db.outbox.where('status').equals('queued').count()).toBe(1);
    // A table release 5 never had, and an index on it, work.
    await db.passkeys.put({ passkeyCode: 'k1' } as never);
    expect(await db.passkeys.count()).toBe(1);
    expect(await db.bulletins.orderBy('createdAt').count()).toBe(0);
    db.close();
  });

  it('opens a database made by the release before this change (version 13, declared version by version)', async () => {
    const old = new Dexie(memberDbName(USER));
    old.version(13).stores(Object.fromEntries(new MemberDb('schema-only').tables.map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src)].join(', ')])));
    await old.open();
    await old.table('chatMessages').put({ id: 'm1', peer: 'x', time: 1, status: 'sent' });
    old.close();
    const db = new MemberDb(USER);
    await db.open();
    expect(await db.chatMessages.where('[peer+time]').between(['x', 0], ['x', 2]).count()).toBe(1);
    db.close();
  });
});
