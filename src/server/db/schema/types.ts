/** Column types drizzle-orm does not ship. */
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document: the sorted, distinct words of a text (read as text, never written). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Raw bytes. node-postgres reads a Buffer, PGlite a Uint8Array: both come out as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});
