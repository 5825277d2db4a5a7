/**
 * What entries' screens and answers say (spec texts, quoted; ours where the spec gives no
 * words), apart from entries.ts's schemas: a card's menu shows them on the first screen.
 */
export const ENTRY_MESSAGES = {
  pollMinOptions: 'At least 2 options need!',
  pollOption: (n: number) => `Please enter option ${n}`,
  // Not in spec: the spec states these rules but gives no words.
  pollQuestionRequired: 'Please enter the poll question.',
  entryEmpty: 'Write something, or add a file, a feeling, an activity, a location or a tag.',
  periodRequired: 'Please choose a start date.',
  startNotFuture: 'The start date cannot be today or earlier.',
  endBeforeStart: 'The end date cannot be before the start date.',
  fromLocationRequired: 'Please choose a location.',
  toLocationRequired: 'Please choose the CheckOut location.',
  theatreVideo: 'A Theatre entry holds exactly one video.',
  galleryNotOwned: 'This file was not uploaded by you. Please upload it again.',
  galleryWrongType: 'This file is not the kind of media the entry says it is.',
  reportRequired: 'Please describe the problem.',
  commentRequired: 'Please write a comment.',
  notFound: 'This entry was deleted or is not visible to you.',
  notAuthor: 'Only the author of this entry can do that.',
  commentNotFound: 'This comment was deleted.',
  notCommentAuthor: 'Only the author of this comment can do that.',
  notPoll: 'This entry is not a poll.',
  pollNoOption: 'This poll has no such option.',
  codeTaken: 'This entry code is already used.',
  targetNotAllowed: 'You can post on your own suite or a billionett\'s suite only.',
  reported: 'Thanks for reporting...',
  saved: 'Saved...',
  unsaved: 'Unsaved...',
} as const;
