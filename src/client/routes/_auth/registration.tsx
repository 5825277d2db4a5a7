import { createFileRoute } from '@tanstack/react-router';
import { RegistrationScreen } from '../../auth/registration-screen';

export const Route = createFileRoute('/_auth/registration')({ component: RegistrationScreen });
