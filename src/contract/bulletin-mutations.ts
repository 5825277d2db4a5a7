/**
 * The queued write of bulletins (issue 16): marking some (opened) or all read works offline
 * like any other write and reaches the server once; the list and badge change at once.
 */
import { z } from 'zod';
import { BULLETIN_PATHS, bulletinReadBody } from './bulletins';
import { define } from './mutation-def';
import { targets } from './targets';

export const bulletinMutations = {
  'bulletin.read': define({
    method: 'PUT',
    payload: z.object({ userCode: z.string(), data: bulletinReadBody }),
    path: () => BULLETIN_PATHS.read,
    body: (p) => p.data,
    target: (p) => targets.bulletins(p.userCode),
  }),
};
