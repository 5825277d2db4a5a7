import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../../auth/reset-password-screen';

export const Route = createFileRoute('/_auth/reset-password/$resetToken')({ component: ResetPassword });

function ResetPassword() {
  const { resetToken } = Route.useParams();
  // Keyed: a second link opened in the same tab starts a fresh check.
  return <ResetPasswordScreen key={resetToken} resetToken={resetToken} />;
}
