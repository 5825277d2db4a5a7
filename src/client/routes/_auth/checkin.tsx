import { createFileRoute } from '@tanstack/react-router';
import { CheckinScreen } from '../../auth/checkin-screen';

export const Route = createFileRoute('/_auth/checkin')({ component: CheckinScreen });
