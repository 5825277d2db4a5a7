/** Each browser test ends with no uncaught page error (page-errors.ts). */
import { afterEach } from 'vitest';
import { takePageErrors } from './page-errors';

afterEach(() => {
  const errors = takePageErrors();
  if (errors.length > 0) throw new Error(`uncaught errors in the app:\n${errors.join('\n\n')}`);
});
