/** /billionett/$userCode opens the member's suite tab. */
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_main/billionett/$userCode/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/billionett/$userCode/suite', params, replace: true });
  },
});
