/** Unknown private paths: 'Page not found' inside the main layout (spec §2.2). */
import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../ui/not-found';

export const Route = createFileRoute('/_main/$')({
  component: NotFound,
});
