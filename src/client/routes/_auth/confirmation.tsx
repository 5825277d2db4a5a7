import { createFileRoute, redirect } from '@tanstack/react-router';
import { ConfirmationScreen, type ConfirmationKind } from '../../auth/confirmation-screen';

/** spec §2.1: reached with reg=success or reg=resetpassword; anything else goes to /checkin. */
export const Route = createFileRoute('/_auth/confirmation')({
  validateSearch: (search: Record<string, unknown>): { reg?: ConfirmationKind } =>
    search.reg === 'success' || search.reg === 'resetpassword' ? { reg: search.reg } : {},
  beforeLoad: ({ search }) => {
    if (!search.reg) throw redirect({ to: '/checkin', replace: true });
  },
  component: Confirmation,
});

function Confirmation() {
  const { reg } = Route.useSearch();
  return reg ? <ConfirmationScreen kind={reg} /> : null;
}
