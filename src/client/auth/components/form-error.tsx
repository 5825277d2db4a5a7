import { Alert } from '@mantine/core';

/**
 * A failed call's message above a form, dismissible (spec/product.md §4: every
 * failure is stored and has a dismiss action). role="alert" so it is announced.
 */
export function FormError({ message, title, onClose }: { message: string | null; title?: string; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      mb="md"
    >
      {message}
    </Alert>
  );
}
