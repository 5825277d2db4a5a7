/** /circle/$groupCode: its suite is the circle's page. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_main/circle/$groupCode/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/circle/$groupCode/suite', params, replace: true });
  },
});
