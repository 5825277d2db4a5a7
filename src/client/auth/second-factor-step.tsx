/**
 * Checkin's second step for a member with two-step sign-in (issue 29): the 6-digit code
 * from their authenticator app, or one of their recovery codes. A wrong code stays on
 * this step; a challenge too old or tried too often goes back to the password.
 */
import { useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SessionData } from '../../contract/auth';
import { SECOND_FACTOR_TEXT } from '../../contract/second-factor-text';
import { sync } from '../sync/client';
import { callSafely, failureText } from './call-failure';

export type SecondFactorStepProps = { challenge: string; onSignedIn: (session: SessionData) => void; onGone: (message: string) => void };

export function SecondFactorStep({ challenge, onSignedIn, onGone }: SecondFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : 'Enter the code.') },
  });
  const submit = form.onSubmit(async ({ code }) => {
    const result = await callSafely(() => sync.signInSecondFactor(challenge, code.trim()));
    if (result.ok) return onSignedIn(result.data);
    if (result.status === 401) return onGone(result.message);
    form.setFieldError('code', result.errors?.code?.[0] ?? failureText(result));
  });
  return (
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
        <Anchor component="button" type="button" fz="sm" fw={500} ta="left" onClick={() => (setRecovery(!recovery), form.setFieldValue('code', ''))}>
          {recovery ? SECOND_FACTOR_TEXT.toApp : SECOND_FACTOR_TEXT.toRecovery}
        </Anchor>
        <Button type="submit" fullWidth loading={form.submitting}>
          CheckIn
        </Button>
      </Stack>
    </form>
  );
}
