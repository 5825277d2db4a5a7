import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordScreen } from '../../auth/forgot-password-screen';

export const Route = createFileRoute('/_auth/forgotpassword')({ component: ForgotPasswordScreen });
