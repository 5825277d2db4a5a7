import { createFileRoute, redirect } from '@tanstack/react-router';
import { getRegistrationDraft } from '../../auth/registration-draft';
import { SubscriptionScreen } from '../../auth/subscription-screen';

/** spec §2.1: without registration data held, back to /registration. */
export const Route = createFileRoute('/_auth/subscription')({
  beforeLoad: () => {
    if (!getRegistrationDraft()) throw redirect({ to: '/registration', replace: true });
  },
  component: SubscriptionScreen,
});
