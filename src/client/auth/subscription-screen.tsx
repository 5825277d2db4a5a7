/**
 * /subscription (spec/product.md §2.1, §3 Subscription payload, §5 Subscription):
 * pick a plan, enter the activation code, and sign up with the registration data
 * held from the previous step. The route sends a visitor without that data back
 * to /registration before this renders.
 */
import { useState } from 'react';
import { Alert, Button, Loader, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import type { PlanCode } from '../../contract/codes';
import { TOAST_MS } from '../../contract/codes';
import { MESSAGES, classifyUsername } from '../../contract/rules';
import { sync } from '../sync/client';
import { RouterAnchor } from '../ui/router-link';
import { AuthHeading } from './components/auth-heading';
import { AuthWidth } from './components/auth-width';
import { PlanCard } from './components/plan-card';
import { callSafely, fieldErrors, failureText } from './call-failure';
import { usePlans } from './hooks/use-plans';
import { clearRegistrationDraft, getRegistrationDraft, type RegistrationDraft } from './registration-draft';

type Values = { planCode: string; activationCode: string };

/** Fields of this step; the server's errors on any other field belong to registration. */
const OWN_FIELDS = new Set(['planCode', 'activationCode']);

function signUpPayload(draft: RegistrationDraft, values: Values) {
  return {
    ...classifyUsername(draft.username),
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    displayName: draft.displayName.trim(),
    password: draft.password,
    dateOfBirth: draft.dateOfBirth || '',
    gender: draft.gender || 'other',
    planCode: values.planCode as PlanCode,
    activationCode: values.activationCode.trim(),
  };
}

export function SubscriptionScreen() {
  useDocumentTitle('Subscription · Billionett');
  const navigate = useNavigate();
  const plans = usePlans();
  const draft = getRegistrationDraft();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const form = useForm<Values>({
    initialValues: { planCode: '', activationCode: '' },
    validate: {
      planCode: (v) => (v ? null : MESSAGES.planRequired),
      activationCode: (v) => (v.trim() ? null : MESSAGES.activationCodeRequired),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const held = getRegistrationDraft();
    if (!held) return void navigate({ to: '/registration' });
    setOtherErrors([]);
    const result = await callSafely(() => sync.signUp(signUpPayload(held, values)));
    if (result.ok) {
      clearRegistrationDraft();
      // A failed attempt's toast must not greet the member on the welcome page (issue 14).
      notifications.clean();
      await navigate({ to: '/confirmation', search: { reg: 'success' } });
      return;
    }
    // spec/calls.md §8: the server's message, shown for 3 seconds.
    notifications.show({ color: 'red', message: failureText(result), autoClose: TOAST_MS });
    const errors = fieldErrors(result.errors);
    form.setErrors(Object.fromEntries(Object.entries(errors).filter(([field]) => OWN_FIELDS.has(field))));
    setOtherErrors(Object.entries(errors).filter(([field]) => !OWN_FIELDS.has(field)).map(([, message]) => message));
  });

  return (
    <AuthWidth wide>
      <AuthHeading title="Choose your plan">
        Step 2 of 2: Billionett is an online hub where elites meet, greet and share common interest.
      </AuthHeading>
      {draft ? (
        <Text fz="sm" mb="md">
          Registering <b>{draft.displayName}</b> ({draft.username}).{' '}
          <RouterAnchor to="/registration" fz="sm">
            Edit details
          </RouterAnchor>
        </Text>
      ) : null}
      {otherErrors.length > 0 ? (
        <Alert role="alert" color="red" variant="light" mb="md" title="Please correct your registration details">
          {otherErrors.join(' ')}{' '}
          <RouterAnchor to="/registration" fz="sm">
            Back to Registration
          </RouterAnchor>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <PlanPicker plans={plans} form={form} />
          <TextInput
            label="Activation code"
            description="The code you received with your invitation"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            maw={420}
            {...form.getInputProps('activationCode')}
          />
          <Button type="submit" loading={form.submitting} maw={420} fullWidth>
            Subscribe
          </Button>
        </Stack>
      </form>
    </AuthWidth>
  );
}

type PlanPickerProps = {
  plans: ReturnType<typeof usePlans>;
  form: UseFormReturnType<Values>;
};

function PlanPicker({ plans, form }: PlanPickerProps) {
  if (plans.status === 'loading') {
    return (
      <Stack gap="xs" aria-busy="true">
        <Text fz="sm" c="dimmed">
          <Loader size="xs" mr={8} />
          Loading plans…
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={180} radius="lg" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (plans.status === 'error') {
    return (
      <Alert role="alert" color="red" variant="light" title="Plans could not be loaded">
        <Text fz="sm" mb="xs">
          {plans.message}
        </Text>
        <Button size="xs" variant="light" onClick={plans.retry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const middle = Math.floor(plans.plans.length / 2);
  return (
    <Radio.Group label="Subscription plan" size="md" withAsterisk {...form.getInputProps('planCode')}>
      <SimpleGrid
        cols={{ base: 1, sm: plans.plans.length >= 3 ? 3 : plans.plans.length || 1 }}
        spacing="md"
        verticalSpacing="lg"
        mt="md"
      >
        {plans.plans.map((plan, index) => (
          <PlanCard
            key={plan.planCode}
            plan={plan}
            featured={index === middle && plans.plans.length > 2}
            checked={form.values.planCode === plan.planCode}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
