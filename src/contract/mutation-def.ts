import type { z } from 'zod';

/**
 * How one queued write kind is sent (contract/mutations.ts). Its own module, so an area's
 * kinds (contract/circle-mutations.ts) are defined alike without an import cycle.
 */
export type MutationDef<P extends z.ZodType> = {
  /** Absent: sent over HTTP as below. */
  transport?: 'http';
  method: 'POST' | 'PUT' | 'DELETE';
  payload: P;
  path: (payload: z.infer<P>) => string;
  body: (payload: z.infer<P>) => unknown;
  /** Items with the same target replay strictly in order; a failed one holds back the rest. */
  target: (payload: z.infer<P>) => string;
};

/**
 * A write sent as a WebSocket frame instead of a request (telex messages): the sync
 * worker's socket sends `frame` and the server's ack (or error frame) answers it.
 * The frame carries the client's own id, so a resend after a lost ack is stored once.
 */
export type SocketMutationDef<P extends z.ZodType> = {
  transport: 'socket';
  payload: P;
  frame: (payload: z.infer<P>) => unknown;
  target: (payload: z.infer<P>) => string;
};

export const define = <P extends z.ZodType>(def: MutationDef<P>) => def;
export const defineSocket = <P extends z.ZodType>(def: SocketMutationDef<P>) => def;
