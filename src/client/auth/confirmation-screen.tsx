/**
 * /confirmation?reg=success|resetpassword (spec/product.md §2.1, §4): what just
 * happened and what to do next. The route sends a visit without either value to
 * /checkin before this renders.
 */
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { RouterButton } from '../ui/router-link';
import { AuthHeading } from './components/auth-heading';
import { AuthWidth } from './components/auth-width';

export type ConfirmationKind = 'success' | 'resetpassword';

const TEXTS: Record<ConfirmationKind, { title: string; body: string; next: string; icon: string }> = {
  success: {
    title: 'Welcome to Billionett',
    body: 'Your account has been created and your plan is active. Check in with your email or mobile and your password to meet your billionetts.',
    next: 'Go to Checkin',
    icon: '✓',
  },
  resetpassword: {
    title: 'Check your mail',
    body: 'We have sent you a link to reset your password. Open it on this device to choose a new password; the link works once and expires soon. No mail? Look in your spam folder, or ask for a new link.',
    next: 'Back to Checkin',
    icon: '✉',
  },
};

export function ConfirmationScreen({ kind }: { kind: ConfirmationKind }) {
  const text = TEXTS[kind];
  useDocumentTitle(`${text.title} · Billionett`);
  return (
    <AuthWidth>
      <Stack gap="md" role="status">
        <ThemeIcon size={56} radius="xl" color={kind === 'success' ? 'teal' : 'brand'} variant="light" aria-hidden="true">
          <Text fz={28} fw={700} lh={1}>
            {text.icon}
          </Text>
        </ThemeIcon>
        <AuthHeading title={text.title}>{text.body}</AuthHeading>
        <RouterButton to="/checkin" fullWidth>
          {text.next}
        </RouterButton>
        {kind === 'resetpassword' ? (
          <RouterButton to="/forgotpassword" variant="subtle" fullWidth>
            Send a new link
          </RouterButton>
        ) : null}
      </Stack>
    </AuthWidth>
  );
}
