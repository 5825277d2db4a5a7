/**
 * /checkin (spec/product.md §2.1, §4 Login, §5 Login): Email Or Mobile, Password,
 * Remember me, Forgot password, CheckIn. The name is sent as typed and, classified,
 * as emailId or mobileNo; success stores the session and goes home. A member with
 * two-step sign-in gives their code or passkey first (second-factor-step.tsx). A passkey
 * alone signs in too: offered in the name field's autofill where the browser can
 * (conditional UI), and by its button.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button, Checkbox, Divider, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import type { SessionData } from '../../contract/auth';
import { MESSAGES, classifyUsername } from '../../contract/rules';
import type { SecondFactorChallenge } from '../../contract/second-factor';
import { SECOND_FACTOR_TEXT } from '../../contract/second-factor-text';
import { PASSKEY_TEXT } from '../../contract/passkey-text';
import { DELETION_TEXT } from '../../contract/account-deletion-text';
import { cancelPasskeyCeremony, getPasskey, passkeyAutofillSupported, passkeysSupported } from '../ui/passkey-ceremony';
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
  const [owed, setOwed] = useState<SecondFactorChallenge | null>(null);
  const [withPasskey, setWithPasskey] = useState(false);
  // Set by the passkey button: the autofill's ceremony, still fetching its options, must not start
  // after it (a new ceremony ends the one before: the member's dialog would close under them).
  const buttonPressed = useRef(false);
  const form = useForm<Values>({
    initialValues: { username: '', password: '', rememberMe: false },
    validate: {
      username: (value) => (value.trim() ? null : MESSAGES.loginUsernameRequired),
      password: (value) => (value ? null : MESSAGES.loginPasswordRequired),
    },
  });

  const signedIn = async (session: SessionData) => {
    setSession(session);
    notifications.show({ color: 'teal', message: session.deletionCancelled ? DELETION_TEXT.cancelled : MESSAGES.loginSuccess });
    await navigate({ to: '/' });
  };

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
    if ('challenge' in result.data) setOwed(result.data);
    else await signedIn(result.data);
  });

  /** A passkey alone: `autofill` waits on the name field's suggestions; else the browser's dialog opens now. */
  const passkeySignIn = async (autofill: boolean) => {
    if (!autofill) setError(null);
    const options = await callSafely(() => sync.passkeySignInOptions());
    if (autofill && buttonPressed.current) return;
    if (!options.ok) {
      if (!autofill) setError(failureText(options));
      return;
    }
    const ceremony = await getPasskey(options.data, autofill);
    // Closing the dialog (or a button replacing the autofill's ceremony) is no error. Nor is
    // an autofill ceremony the browser would not start (no passkey support for this address,
    // say): the member asked for nothing, and the button still says what goes wrong.
    if (!ceremony.ok) {
      if (!ceremony.cancelled && !autofill) setError(ceremony.message);
      return;
    }
    const result = await callSafely(() => sync.signInWithPasskey(ceremony.response, form.getValues().rememberMe));
    if (!result.ok) {
      setError(failureText(result, PASSKEY_TEXT.refused));
      return;
    }
    await signedIn(result.data);
  };
  // The autofill's ceremony starts once, with the screen; it reads the form when it ends.
  const autofillSignIn = useEffectEvent(() => void passkeySignIn(true));

  useEffect(() => {
    let live = true;
    void passkeyAutofillSupported().then((yes) => {
      if (live && yes) autofillSignIn();
    });
    return () => {
      live = false;
      cancelPasskeyCeremony();
    };
  }, []);

  const passkeyButton = async () => {
    buttonPressed.current = true;
    setWithPasskey(true);
    try {
      await passkeySignIn(false);
    } finally {
      setWithPasskey(false);
    }
  };

  if (owed) {
    return (
      <AuthWidth>
        <AuthHeading title={SECOND_FACTOR_TEXT.title}>One more step to check in.</AuthHeading>
        <SecondFactorStep
          owed={owed}
          onSignedIn={(session) => void signedIn(session)}
          onGone={(message) => {
            setOwed(null);
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
          {/* "webauthn": the browser may offer the member's passkeys among the names it suggests. */}
          <UsernameInput autoComplete="username webauthn" key={form.key('username')} {...form.getInputProps('username')} />
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
      {passkeysSupported() && (
        <>
          <Divider label="or" labelPosition="center" my="md" />
          <Button variant="default" fullWidth onClick={() => void passkeyButton()} loading={withPasskey}>
            {PASSKEY_TEXT.signIn}
          </Button>
        </>
      )}
    </AuthWidth>
  );
}
