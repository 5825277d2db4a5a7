/**
 * A refusal the client can act on: HTTP status, a readable message and, for bad input,
 * messages per field. Thrown anywhere in a route; plugins/errors.ts turns it into the envelope.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;

  constructor(statusCode: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

/** 400 with one field's message (the client maps `field` onto its form). */
export const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });
