/** The toast renderer, in a chunk of its own: toasts.tsx loads it with the first toast. */
export { Notifications } from '@mantine/notifications';
