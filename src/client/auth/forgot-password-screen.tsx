/**
 * /forgotpassword (spec/product.md §5 Forgot password): the e-mail or mobile of
 * the account; the server mails a reset link and we confirm.
 */
import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { MESSAGES, isEmail, isMobile } from '../../contract/rules';
import { sync } from '../sync/client';
import { RouterAnchor } from '../ui/router-link';
import { AuthHeading } from './components/auth-heading';
import { AuthWidth } from './components/auth-width';
import { FormError } from './components/form-error';
import { UsernameInput } from './components/username-input';
import { callSafely, failureText } from './call-failure';

export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot password · Billionett');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '' },
    validate: {
      username: (v) => {
        const value = v.trim();
        if (!value) return MESSAGES.forgotRequired;
        return isEmail(value) || isMobile(value) ? null : MESSAGES.usernameInvalid;
      },
    },
  });

  const submit = form.onSubmit(async ({ username }) => {
    setError(null);
    const result = await callSafely(() => sync.requestResetPassword(username.trim()));
    if (result.ok) {
      await navigate({ to: '/confirmation', search: { reg: 'resetpassword' } });
      return;
    }
    // 404 is "no such account"; any other failure speaks for itself.
    setError(result.status === 404 ? MESSAGES.forgotNotFound : failureText(result));
  });

  return (
    <AuthWidth>
      <AuthHeading title="Forgot password">
        Enter the email or mobile of your account and we will send you a link to choose a new password.
      </AuthHeading>
      <FormError message={error} onClose={() => setError(null)} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <UsernameInput {...form.getInputProps('username')} />
          <Button type="submit" fullWidth loading={form.submitting}>
            Send reset link
          </Button>
          <RouterAnchor to="/checkin" fz="sm" ta="center">
            Back to Checkin
          </RouterAnchor>
        </Stack>
      </form>
    </AuthWidth>
  );
}
