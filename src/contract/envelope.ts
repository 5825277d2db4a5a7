import { z } from 'zod';

/**
 * The one JSON answer envelope of /api/v1 (spec/calls.md §4):
 * - `code`: 200 / 201 on success (share and updates answer 201), the HTTP status on
 *   failure, or the spec's string codes where it names them ("101" = account exists).
 * - `message`: a sentence a member can read.
 * - `data`: the payload (omitted on failure).
 * - `totalRecords`: total rows of a paged list.
 * - `accessCode`: 0 when the viewer may see the data, 106 when hidden (then no data).
 * - `errors`: on 400, the messages per request field (`body.password`, `query.pageNo`).
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.union([z.number(), z.string()]),
    message: z.string(),
    data: data.optional(),
    totalRecords: z.number().int().optional(),
    accessCode: z.number().int().optional(),
  });

export const errorAnswer = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

export type Envelope<T> = {
  code: number | string;
  message: string;
  data?: T;
  totalRecords?: number;
  accessCode?: number;
};

export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
