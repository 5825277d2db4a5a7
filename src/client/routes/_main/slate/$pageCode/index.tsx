/** /slate/$pageCode: its suite is the slate's page. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_main/slate/$pageCode/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/slate/$pageCode/suite', params, replace: true });
  },
});
