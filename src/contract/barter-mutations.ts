/**
 * The queued write of barter (issue 12 "Offline"): a new listing written offline, with its
 * pictures, delivered exactly once. Its code is the client's UUID (`userServiceCode`), so the
 * optimistic card and the server's row share it; pictures picked offline are named
 * `blob:<id>` until the worker's prepare step has uploaded them (sync/entry-media.ts).
 * `serviceName` rides beside the form for the optimistic card (the server takes `data`).
 * Edit and trash are online-only calls.
 */
import { z } from 'zod';
import { BARTER_PATHS, barterForm } from './barter';
import { define } from './mutation-def';
import { targets } from './targets';

export const barterMutations = {
  'barter.create': define({
    method: 'POST',
    payload: z.object({ userCode: z.string(), serviceName: z.string().max(120), data: barterForm.extend({ userServiceCode: z.uuid() }) }),
    path: () => BARTER_PATHS.post,
    body: (p) => p.data,
    target: (p) => targets.service(p.data.userServiceCode),
  }),
};
