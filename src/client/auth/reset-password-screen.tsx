/**
 * /reset-password/{resetToken} (spec/product.md §2.1, §5 Reset, calls.md §8):
 * the token is checked first; a good one shows the form, a bad one says so.
 * Offline is neither: it offers to try again rather than calling the link invalid.
 */
import { useEffect, useState } from 'react';
import { Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { MESSAGES, isValidPassword } from '../../contract/rules';
import { sync } from '../sync/client';
import { RouterButton } from '../ui/router-link';
import { AuthHeading } from './components/auth-heading';
import { AuthWidth } from './components/auth-width';
import { FormError } from './components/form-error';
import { callSafely, failureText } from './call-failure';
import { NewPasswordInput } from '../ui/new-password-input';

type TokenState = 'checking' | 'valid' | 'invalid' | { unreachable: string };

async function checkToken(resetToken: string): Promise<TokenState> {
  const result = await callSafely(() => sync.validateResetToken(resetToken));
  if (result.ok) return 'valid';
  // Only the server's refusal (4xx) makes the link invalid.
  const refused = result.status >= 400 && result.status < 500 && result.status !== 429 && !result.offline;
  return refused ? 'invalid' : { unreachable: failureText(result) };
}

export function ResetPasswordScreen({ resetToken }: { resetToken: string }) {
  useDocumentTitle('Reset password · Billionett');
  const [token, setToken] = useState<TokenState>('checking');

  useEffect(() => {
    let live = true;
    void checkToken(resetToken).then((state) => {
      if (live) setToken(state);
    });
    return () => {
      live = false;
    };
  }, [resetToken]);

  const retry = () => {
    setToken('checking');
    void checkToken(resetToken).then(setToken);
  };

  if (token === 'checking') {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" fz="sm">
            Checking your reset link…
          </Text>
        </Stack>
      </Center>
    );
  }
  if (token === 'invalid') return <InvalidToken />;
  if (typeof token === 'object') {
    return (
      <AuthWidth>
        <AuthHeading title="Reset password">{token.unreachable}</AuthHeading>
        <Button fullWidth onClick={retry}>
          Try again
        </Button>
      </AuthWidth>
    );
  }
  return <ResetForm resetToken={resetToken} onInvalid={() => setToken('invalid')} />;
}

function InvalidToken() {
  return (
    <AuthWidth>
      <Stack gap="md" role="alert">
        <AuthHeading title={MESSAGES.resetInvalidToken}>{MESSAGES.resetExpired}</AuthHeading>
        <RouterButton to="/forgotpassword" fullWidth>
          Send a new link
        </RouterButton>
        <RouterButton to="/checkin" variant="subtle" fullWidth>
          Back to Checkin
        </RouterButton>
      </Stack>
    </AuthWidth>
  );
}

function ResetForm({ resetToken, onInvalid }: { resetToken: string; onInvalid: () => void }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validateInputOnBlur: true,
    validate: {
      password: (v) => (!v ? MESSAGES.newPasswordRequired : isValidPassword(v) ? null : MESSAGES.passwordInvalid),
      confirmPassword: (v, values) =>
        !v ? MESSAGES.confirmPasswordRequired : v === values.password ? null : MESSAGES.passwordsDiffer,
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    setError(null);
    const result = await callSafely(() => sync.resetPassword(resetToken, password));
    if (result.ok) {
      notifications.show({ color: 'teal', message: MESSAGES.resetSuccess });
      await navigate({ to: '/checkin' });
      return;
    }
    // The token may have expired (or been used) while the form was open.
    if (result.status === 404 || result.status === 410) return onInvalid();
    setError(failureText(result, result.message || MESSAGES.resetExpired));
  });

  return (
    <AuthWidth>
      <AuthHeading title="Choose a new password">Use it to check in from now on.</AuthHeading>
      <FormError message={error} title={MESSAGES.resetFailed} onClose={() => setError(null)} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordInput label="New password" withAsterisk {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthWidth>
  );
}
