/**
 * /checkin (spec/product.md §2.1, §4 Login, §5 Login): Email Or Mobile, Password,
 * Remember me, Forgot password, CheckIn. The name is sent as typed and, classified,
 * as emailId or mobileNo; success stores the session and goes home. A member with
 * two-step sign-in gives their code first (second-factor-step.tsx).
 */
import { useState } from 'react';
import { Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import type { SessionData } from '../../contract/auth';
import { MESSAGES, classifyUsername } from '../../contract/rules';
import { SECOND_FACTOR_TEXT } from '../../contract/second-factor-text';
import { sync } from '../sync/client';
import { setSession } from '../store/local-session';
import { RouterAnchor } from '../ui/router-link';
import { AuthHeading } from './components/auth-heading';
import { AuthWidth } from './components/auth-width';
import { FormError } from './components/form-error';
import { UsernameInput } from './components/username-input';
import { callSafely, failureText } from './call-failure';
import { SecondFactorStep } from './second-factor-step';

type Values = { username: string; password: string; rememberMe: boolean };

export function CheckinScreen() {
  useDocumentTitle('Checkin · Billionett');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // Set when the password was right and a second factor is owed (issue 29).
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { username: '', password: '', rememberMe: false },
    validate: {
      username: (value) => (value.trim() ? null : MESSAGES.loginUsernameRequired),
      password: (value) => (value ? null : MESSAGES.loginPasswordRequired),
    },
  });

  const submit = form.onSubmit(async ({ username, password, rememberMe }) => {
    setError(null);
    const name = username.trim();
    const result = await callSafely(() =>
      sync.signIn({ username: name, password, rememberMe, ...classifyUsername(name) }),
    );
    if (!result.ok) {
      setError(failureText(result, MESSAGES.loginFailed));
      return;
    }
    if ('challenge' in result.data) setChallenge(result.data.challenge);
    else await signedIn(result.data);
  });

  const signedIn = async (session: SessionData) => {
    setSession(session);
    notifications.show({ color: 'teal', message: MESSAGES.loginSuccess });
    await navigate({ to: '/' });
  };

  if (challenge) {
    return (
      <AuthWidth>
        <AuthHeading title={SECOND_FACTOR_TEXT.title}>One more step to check in.</AuthHeading>
        <SecondFactorStep
          challenge={challenge}
          onSignedIn={(session) => void signedIn(session)}
          onGone={(message) => {
            setChallenge(null);
            setError(message);
          }}
        />
      </AuthWidth>
    );
  }

  return (
    <AuthWidth>
      <AuthHeading title="Welcome back">Check in to your Billionett.</AuthHeading>
      <FormError message={error} onClose={() => setError(null)} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <UsernameInput key={form.key('username')} {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox
              label="Remember me"
              key={form.key('rememberMe')}
              {...form.getInputProps('rememberMe', { type: 'checkbox' })}
            />
            <RouterAnchor to="/forgotpassword" fz="sm" fw={500}>
              Forgot password
            </RouterAnchor>
          </Group>
          <Button type="submit" fullWidth loading={form.submitting} mt="xs">
            CheckIn
          </Button>
        </Stack>
      </form>
    </AuthWidth>
  );
}
