/**
 * /settings/two-step — two-step sign-in (issue 29): off, a secret to scan (a QR code and
 * the key as text), confirmed by its first code; then the recovery codes, shown this once;
 * on, how many recovery codes are left and a way to turn it off with the password.
 * Online only; the state shown is Dexie's (pulled on open and after each change).
 */
import { Button, Code, Group, Image, List, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { SECOND_FACTOR_TEXT, type TotpSetup } from '../../../contract/second-factor';
import { sync } from '../../sync/client';
import { PageTitle } from '../../ui/page-title';
import { usePagePull } from '../../ui/use-page-pull';
import { useSecondFactorState } from '../queries';
import { RecoveryCodes } from './recovery-codes';

const tell = (ok: boolean, message: string) => notifications.show({ color: ok ? 'teal' : 'red', message, autoClose: TOAST_MS });

export function TwoStepScreen({ me }: { me: string }) {
  usePagePull({ kind: 'secondFactor' }, 0);
  const state = useSecondFactorState(me);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const begin = async () => {
    const answer = await sync.beginTotp();
    if (answer.ok) setSetup(answer.data);
    else tell(false, answer.message);
  };

  return (
    <>
      <PageTitle title={SECOND_FACTOR_TEXT.title} />
      <Text c="dimmed" size="sm" mb="md" maw={640}>
        After your password, Billionett asks for a code from an authenticator app on your phone, so a password alone no longer opens your account.
      </Text>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <ScanAndConfirm
          setup={setup}
          onConfirmed={(recovery) => {
            setSetup(null);
            setCodes(recovery);
          }}
        />
      ) : state?.totp ? (
        <TurnOff left={state.recoveryCodesLeft} />
      ) : (
        <Button onClick={() => void begin()} disabled={!state}>
          Turn on two-step sign-in
        </Button>
      )}
    </>
  );
}

function ScanAndConfirm({ setup, onConfirmed }: { setup: TotpSetup; onConfirmed: (codes: string[]) => void }) {
  const form = useForm({ initialValues: { code: '' }, validate: { code: (v) => (/^\d{6}$/.test(v.trim()) ? null : 'Enter the 6 digits your app shows.') } });
  const submit = form.onSubmit(async ({ code }) => {
    const answer = await sync.confirmTotp(code.trim());
    if (answer.ok) {
      tell(true, SECOND_FACTOR_TEXT.turnedOn);
      onConfirmed(answer.data.recoveryCodes);
    } else form.setFieldError('code', answer.errors?.code?.[0] ?? answer.message);
  });
  return (
    <Paper withBorder radius="md" p="md" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>1. Scan this code with your authenticator app (or type the key).</Text>
          <Group align="center" gap="lg">
            <Image src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code for your authenticator app" w={180} h={180} bg="white" p={4} radius="sm" />
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                Key
              </Text>
              <Code fz="md" aria-label="Key for your authenticator app">
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Code>
            </Stack>
          </Group>
          <TextInput label="2. The 6-digit code your app shows" autoComplete="one-time-code" inputMode="numeric" maw={340} {...form.getInputProps('code')} />
          <Group>
            <Button type="submit" loading={form.submitting}>
              Turn on
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function TurnOff({ left }: { left: number }) {
  const [asking, setAsking] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: { password: (v) => (v ? null : 'Enter your password.') } });
  const submit = form.onSubmit(async ({ password }) => {
    const answer = await sync.turnOffTotp(password);
    if (answer.ok) {
      tell(true, SECOND_FACTOR_TEXT.turnedOff);
      setAsking(false);
    } else form.setFieldError('password', answer.errors?.password?.[0] ?? answer.message);
  });
  return (
    <Paper withBorder radius="md" p="md" maw={640}>
      <Stack gap="sm">
        <Text fw={600}>{SECOND_FACTOR_TEXT.turnedOn}</Text>
        <List size="sm">
          <List.Item>{left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}</List.Item>
        </List>
        {asking ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm" maw={320}>
              <PasswordInput label="Your password" autoComplete="current-password" data-autofocus {...form.getInputProps('password')} />
              <Group>
                <Button type="submit" color="red" loading={form.submitting}>
                  Turn off
                </Button>
                <Button variant="default" onClick={() => setAsking(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button variant="default" onClick={() => setAsking(true)}>
              Turn off two-step sign-in
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
