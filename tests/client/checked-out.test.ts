/** The worker's background writes at checkout (store/db.ts unlessCheckedOut). */
import { describe, expect, it } from 'vitest';
import { deleteMemberDb, memberDb, unlessCheckedOut } from '../../src/client/store/db';

describe('unlessCheckedOut', () => {
  it('lets a write on a member database deleted at checkout end quietly, and passes every other error on', async () => {
    const db = memberDb('u-checked-out');
    await db.drafts.put({ key: 'k', value: 'v', updatedAt: 1 });
    await deleteMemberDb('u-checked-out');
    await expect(db.drafts.put({ key: 'k', value: 'w', updatedAt: 2 })).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    await expect(db.drafts.put({ key: 'k', value: 'w', updatedAt: 2 }).catch(unlessCheckedOut)).resolves.toBeUndefined();
    await expect(Promise.reject(new TypeError('a bug')).catch(unlessCheckedOut)).rejects.toThrow('a bug');
  });
});
