/**
 * Validation rules of spec/product.md §5 that both the screens and the server apply.
 * Pure functions and patterns; messages are the spec's texts, quoted exactly, or
 * (where the spec gives none) ours, marked "not in spec".
 */
import { MINIMUM_AGE, PASSWORD_MAX, PASSWORD_MIN } from './codes';

/** Local part, @, domain, a TLD of 2–6 letters, optionally a 2-letter country suffix. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,6}(?:\.[A-Za-z]{2})?$/;
/** "Mobile means digits only." Length 6–15 (E.164 allows at most 15 digits): not in spec. */
export const MOBILE_PATTERN = /^\d{6,15}$/;
/** 8–20 letters, digits and !@#$%^&*, at least one digit and one special, no spaces. */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[!@#$%^&*])[A-Za-z\\d!@#$%^&*]{${PASSWORD_MIN},${PASSWORD_MAX}}$`,
);
export const DIGITS_PATTERN = /^\d+$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());
export const isMobile = (value: string): boolean => MOBILE_PATTERN.test(value.trim());
export const isValidPassword = (value: string): boolean => PASSWORD_PATTERN.test(value);

/** Splits a login name into the payload fields the spec sends (emailId or mobileNo). */
export function classifyUsername(value: string): { emailId: string; mobileNo: string } {
  const v = value.trim();
  return isEmail(v) ? { emailId: v.toLowerCase(), mobileNo: '' } : { emailId: '', mobileNo: isMobile(v) ? v : '' };
}

/** Whole years between a YYYY-MM-DD birth date and `today` (local calendar dates). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number | null {
  if (!DATE_PATTERN.test(dateOfBirth)) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return null;
  let age = today.getFullYear() - y;
  const beforeBirthday = today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const isOldEnough = (dateOfBirth: string, today: Date = new Date()): boolean => {
  const age = ageOn(dateOfBirth, today);
  return age !== null && age >= MINIMUM_AGE;
};

/** The screens' messages (spec/product.md §5 and spec/calls.md §8). */
export const MESSAGES = {
  loginUsernameRequired: 'Please input your email or mobile!',
  loginPasswordRequired: 'Sorry, you missed this one.',
  loginFailed: 'Email/Mobile or password invalid.',
  loginSuccess: 'Checkin success...',
  usernameRequired: 'Email / Mobile is required.',
  usernameInvalid: 'Invalid Email or Mobile number',
  usernameExists: 'Email or Mobile already exists.',
  passwordInvalid: 'Invalid password',
  termsRequired: 'Please agree terms and conditions',
  activationCodeRequired: 'Please input your activationCode!',
  planRequired: 'Please choose subscription plan...',
  forgotRequired: 'Please enter your email / mobile',
  forgotNotFound: 'No account found with that email or mobile no.',
  newPasswordRequired: 'new password is required',
  confirmPasswordRequired: 'confirmation password is required',
  passwordsDiffer: 'The passwords that you entered do not match!',
  resetInvalidToken: 'Invalid reset password token',
  resetFailed: 'Reset password request failed',
  resetExpired: 'Invalid token or expired.',
  resetSuccess: 'Password reset successfully.',
  // Not in spec: the spec names these fields required but gives no words.
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  displayNameRequired: 'Display name is required.',
  genderRequired: 'Please choose your gender.',
  dateOfBirthRequired: 'Please select your date of birth.',
  tooYoung: 'You must be at least 18 years old.',
  professionRequired: 'Please Choose Profession.',
  activationCodeInvalid: 'This activation code is not valid or was already used.',
  activationCodeOtherPlan: 'This activation code is for another subscription plan.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  // Billionetts and references (spec/product.md §4, §5).
  referrerNameRequired: 'Referrer name is required.',
  referenceSentTitle: 'Billionett Request Sent',
  referenceSentText: 'Thanks for your reference. Admin will contact to the reference candidate regarding the activation process.',
  // Not in spec: the server's answers to friend writes (shown as error toasts).
  searchTooShort: 'Please type at least 2 characters.',
  friendSelf: 'You cannot send a billionett request to yourself.',
  friendAlready: 'You are already billionetts.',
  friendNotFriends: 'You are not billionetts.',
  friendRequestNotFound: 'This billionett request was withdrawn or already answered.',
  friendRequestNotReceiver: 'Only the member who received this request can answer it.',
  friendRequestNotSender: 'Only the member who sent this request can remove it.',
  referenceNotFound: 'Reference not found.',
  referenceAlreadySent: 'You already referred this candidate.',
  referenceJoined: 'This candidate is already a member.',
} as const;
