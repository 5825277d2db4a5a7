/** Column types drizzle-orm does not ship. */
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document: the sorted, distinct words of a text (read as text, never written). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
