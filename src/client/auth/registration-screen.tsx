/**
 * /registration (spec/product.md §3 Registration input, §5 Registration). The
 * values are held in memory (registration-draft.ts) and the member moves on to
 * /subscription, where plan and activation code complete the sign-up.
 */
import { Button, Checkbox, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { MINIMUM_AGE } from '../../contract/codes';
import { MESSAGES, isEmail, isMobile, isOldEnough, isValidPassword } from '../../contract/rules';
import { AuthHeading } from './components/auth-heading';
import { AuthWidth } from './components/auth-width';
import { UsernameInput } from './components/username-input';
import { useUsernameCheck } from './hooks/use-username-check';
import { NewPasswordInput } from '../ui/new-password-input';
import { getRegistrationDraft, setRegistrationDraft, type RegistrationDraft } from './registration-draft';

const EMPTY: RegistrationDraft = {
  firstName: '',
  lastName: '',
  displayName: '',
  username: '',
  password: '',
  gender: '',
  dateOfBirth: '',
  privacyPolicy: false,
};

/** The latest birthday that is old enough today, for the date picker's max. */
function latestBirthday(today = new Date()): string {
  const d = new Date(today.getFullYear() - MINIMUM_AGE, today.getMonth(), today.getDate());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function RegistrationScreen() {
  useDocumentTitle('Registration · Billionett');
  const navigate = useNavigate();
  const { check, statusOf } = useUsernameCheck();

  const form = useForm<RegistrationDraft>({
    initialValues: getRegistrationDraft() ?? EMPTY,
    validateInputOnBlur: true,
    validate: {
      lastName: (v) => (v.trim() ? null : MESSAGES.lastNameRequired),
      displayName: (v) => (v.trim() ? null : MESSAGES.displayNameRequired),
      username: (v) => {
        const value = v.trim();
        if (!value) return MESSAGES.usernameRequired;
        // Existence is asked of the server on blur and again on submit (checkUsername).
        return isEmail(value) || isMobile(value) ? null : MESSAGES.usernameInvalid;
      },
      password: (v) => (isValidPassword(v) ? null : MESSAGES.passwordInvalid),
      gender: (v) => (v ? null : MESSAGES.genderRequired),
      // Decision: the date is required; an age rule needs a date to apply to.
      dateOfBirth: (v) => (!v ? MESSAGES.dateOfBirthRequired : isOldEnough(v) ? null : MESSAGES.tooYoung),
      privacyPolicy: (v) => (v ? null : MESSAGES.termsRequired),
    },
  });

  async function checkUsername(raw: string): Promise<boolean> {
    const value = raw.trim();
    if (!isEmail(value) && !isMobile(value)) return false;
    const status = await check(value);
    if (status === 'exists') {
      // Only if the member has not typed something else meanwhile.
      if (form.getValues().username.trim() === value) form.setFieldError('username', MESSAGES.usernameExists);
      return false;
    }
    return true;
  }

  const submit = form.onSubmit(async (values) => {
    if (!(await checkUsername(values.username))) return;
    setRegistrationDraft({ ...values, username: values.username.trim() });
    await navigate({ to: '/subscription' });
  });

  const usernameInput = form.getInputProps('username');
  const usernameStatus = statusOf(form.values.username);
  const blocked = usernameStatus === 'pending' || usernameStatus === 'exists';

  return (
    <AuthWidth>
      <AuthHeading title="Create your account">
        Step 1 of 2: tell us who you are. Next, choose your plan.
      </AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              withAsterisk
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Display name"
            description="How other members see you"
            autoComplete="nickname"
            withAsterisk
            {...form.getInputProps('displayName')}
          />
          <UsernameInput
            description={usernameStatus === 'pending' ? 'Checking availability…' : 'Mobile: digits only'}
            {...usernameInput}
            onBlur={(event) => {
              usernameInput.onBlur?.(event);
              void checkUsername(event.currentTarget.value);
            }}
          />
          <NewPasswordInput label="Password" withAsterisk {...form.getInputProps('password')} />
          <TextInput
            type="date"
            label="Date of birth"
            description={`You must be at least ${MINIMUM_AGE}`}
            min="1900-01-01"
            max={latestBirthday()}
            autoComplete="bday"
            withAsterisk
            {...form.getInputProps('dateOfBirth')}
          />
          <Radio.Group label="Gender" size="md" withAsterisk {...form.getInputProps('gender')}>
            <Group gap="lg" mt={6}>
              <Radio value="male" label="Male" />
              <Radio value="female" label="Female" />
              <Radio value="other" label="Other" />
            </Group>
          </Radio.Group>
          <Checkbox
            label="I agree to the privacy policy and the terms and conditions"
            {...form.getInputProps('privacyPolicy', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth disabled={blocked} loading={form.submitting} mt="xs">
            Register
          </Button>
        </Stack>
      </form>
    </AuthWidth>
  );
}
