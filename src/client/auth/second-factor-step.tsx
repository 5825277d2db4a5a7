/**
 * Checkin's second step for a member with two-step sign-in (issue 29): the 6-digit code
 * from their authenticator app, one of their passkeys, or one of their recovery codes. A
 * wrong answer stays on this step; a challenge too old or tried too often goes back to the
 * password.
 */
import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SessionData } from '../../contract/auth';
import type { SecondFactorChallenge } from '../../contract/second-factor';
import { SECOND_FACTOR_TEXT } from '../../contract/second-factor-text';
import { PASSKEY_TEXT } from '../../contract/passkey-text';
import { sync } from '../sync/client';
import type { CallResult } from '../sync/api';
import { getPasskey, passkeysSupported } from '../ui/passkey-ceremony';
import { callSafely, failureText } from './call-failure';

export type SecondFactorStepProps = {
  owed: SecondFactorChallenge;
  onSignedIn: (session: SessionData) => void;
  onGone: (message: string) => void;
};

export function SecondFactorStep({ owed, onSignedIn, onGone }: SecondFactorStepProps) {
  const { challenge, secondFactor, passkey } = owed;
  const withPasskey = passkey !== undefined && passkeysSupported();
  // Which code the field takes: the app's, or a recovery code (always offered).
  const [recovery, setRecovery] = useState(secondFactor === 'passkey');
  const [typing, setTyping] = useState(secondFactor === 'totp' || !withPasskey);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : 'Enter the code.') },
  });

  const settle = (result: CallResult<SessionData>, onWrong: (message: string) => void) => {
    if (result.ok) return onSignedIn(result.data);
    if (result.status === 401) return onGone(result.message);
    onWrong(result.errors?.code?.[0] ?? failureText(result));
  };

  const submit = form.onSubmit(async ({ code }) => {
    settle(await callSafely(() => sync.signInSecondFactor(challenge, { code: code.trim() })), (message) => form.setFieldError('code', message));
  });

  const withKey = async () => {
    if (!passkey) return;
    setPasskeyError(null);
    setBusy(true);
    try {
      const ceremony = await getPasskey(passkey);
      if (!ceremony.ok) return setPasskeyError(ceremony.message);
      settle(await callSafely(() => sync.signInSecondFactor(challenge, { passkey: ceremony.response })), setPasskeyError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {withPasskey && (
        <Stack gap={6}>
          <Button onClick={() => void withKey()} loading={busy} fullWidth variant={typing ? 'default' : 'filled'} data-autofocus={typing ? undefined : true}>
            {PASSKEY_TEXT.answerWith}
          </Button>
          {passkeyError && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {passkeyError}
            </Text>
          )}
        </Stack>
      )}
      {typing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              key={recovery ? 'recovery' : 'app'}
              label={recovery ? 'Recovery code' : 'Code'}
              description={recovery ? SECOND_FACTOR_TEXT.askRecovery : SECOND_FACTOR_TEXT.askCode}
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              data-autofocus
              autoFocus
              withAsterisk
              {...form.getInputProps('code')}
            />
            {secondFactor === 'totp' && (
              <Anchor component="button" type="button" fz="sm" fw={500} ta="left" onClick={() => (setRecovery(!recovery), form.setFieldValue('code', ''))}>
                {recovery ? SECOND_FACTOR_TEXT.toApp : SECOND_FACTOR_TEXT.toRecovery}
              </Anchor>
            )}
            <Button type="submit" fullWidth loading={form.submitting}>
              CheckIn
            </Button>
          </Stack>
        </form>
      ) : (
        <Anchor component="button" type="button" fz="sm" fw={500} ta="left" onClick={() => setTyping(true)}>
          {SECOND_FACTOR_TEXT.toRecovery}
        </Anchor>
      )}
    </Stack>
  );
}
