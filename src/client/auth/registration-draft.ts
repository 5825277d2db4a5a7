/**
 * The registration form's values between /registration and /subscription
 * (spec/product.md §2.1: subscription needs "registration data held").
 *
 * Decision: held in this module's memory only. The draft includes the password,
 * which must never touch localStorage, sessionStorage or IndexedDB, and a reload on
 * /subscription therefore sends the member back to /registration (the spec's
 * redirect), which is the honest outcome when the data is gone. Within the tab,
 * going back from /subscription refills the form from here.
 */
import type { SignUpRequest } from '../../contract/auth';

export type Gender = SignUpRequest['gender'];

/** spec/product.md §3 "Registration input". */
export type RegistrationDraft = {
  firstName: string;
  lastName: string;
  displayName: string;
  /** E-mail or mobile, as typed. */
  username: string;
  password: string;
  gender: Gender | '';
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  privacyPolicy: boolean;
};

let held: RegistrationDraft | null = null;

export const getRegistrationDraft = (): RegistrationDraft | null => held;

export function setRegistrationDraft(draft: RegistrationDraft): void {
  held = { ...draft };
}

/** After sign-up (or when leaving the flow): drop the password from memory. */
export function clearRegistrationDraft(): void {
  held = null;
}
