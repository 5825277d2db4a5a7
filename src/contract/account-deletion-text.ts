/** 'Delete my account''s words, apart from its schemas: checkin draws them without zod. */
export const DELETION_GRACE_DAYS = 14;

export const DELETION_TEXT = {
  title: 'Delete my account',
  confirm: 'Delete my account',
  asked: (day: string) => `Your account will be deleted on ${day}. Check in before then to keep it.`,
  cancelled: 'Welcome back: your account will not be deleted.',
  wrongPassword: 'That is not your password.',
} as const;
