/**
 * Reads a multipart form (its text fields and at most one file) for the upload routes
 * (profile pictures, entry media). The byte cap is the multipart plugin's `fileSize`
 * limit of the calling route's scope; going over answers 413 with the caller's words.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

export type UploadedFile = { filename: string; mimetype: string; bytes: Buffer };
export type Form = { fields: Record<string, string>; file?: UploadedFile };
export type FormMessages = { notMultipart: string; oneFile: string; tooLarge: string };

export async function readForm(app: FastifyInstance, request: FastifyRequest, messages: FormMessages): Promise<Form> {
  if (!request.isMultipart()) throw new HttpError(415, messages.notMultipart);
  const form: Form = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (form.file) throw new HttpError(400, messages.oneFile);
        form.file = { filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError || error instanceof app.multipartErrors.FilesLimitError) {
      throw new HttpError(413, messages.tooLarge);
    }
    throw error;
  }
  return form;
}
