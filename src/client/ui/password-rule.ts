import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/codes';

/** The password rule of spec/product.md §5 in words, shown under password fields. */
export const PASSWORD_RULE_TEXT =
  `${PASSWORD_MIN}–${PASSWORD_MAX} characters: letters, digits and !@#$%^&*, ` +
  'with at least one digit and one special character, and no spaces.';
