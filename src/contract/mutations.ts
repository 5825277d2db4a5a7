import { z } from 'zod';
import { aboutUpdate, personalUpdate, USER_PATHS } from './user';

/**
 * Every queued write kind, once, with a stable name and its payload schema
 * (STYLE.md §3). The client queues `{ kind, payload }`; the sync worker replays it
 * as `method path` with the body below and the item id as `Idempotency-Key`; the
 * server validates the same body schema. A name is never reused for another shape.
 */
type MutationDef<P extends z.ZodType> = {
  method: 'POST' | 'PUT' | 'DELETE';
  payload: P;
  path: (payload: z.infer<P>) => string;
  body: (payload: z.infer<P>) => unknown;
  /** Items with the same target replay strictly in order; a failed one holds back the rest. */
  target: (payload: z.infer<P>) => string;
};

const define = <P extends z.ZodType>(def: MutationDef<P>) => def;
const withUser = <S extends z.ZodType>(s: S) => z.object({ userCode: z.string(), data: s });

export const mutations = {
  'about.update': define({
    method: 'PUT',
    payload: withUser(aboutUpdate),
    path: (p) => USER_PATHS.updateAbout(p.userCode),
    body: (p) => p.data,
    target: (p) => `profile:${p.userCode}`,
  }),
  'personal.update': define({
    method: 'PUT',
    payload: withUser(personalUpdate),
    path: (p) => USER_PATHS.updatePersonal(p.userCode),
    body: (p) => p.data,
    target: (p) => `profile:${p.userCode}`,
  }),
} as const;

export type MutationKind = keyof typeof mutations;
export type MutationPayload<K extends MutationKind> = z.infer<(typeof mutations)[K]['payload']>;
export const MUTATION_KINDS = Object.keys(mutations) as MutationKind[];
