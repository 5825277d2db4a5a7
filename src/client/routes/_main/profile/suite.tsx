/** /profile/suite is another name of the own suite (spec §2.2). */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_main/profile/suite')({
  beforeLoad: () => {
    throw redirect({ to: '/suite', replace: true });
  },
});
