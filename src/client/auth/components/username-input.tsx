/**
 * The "Email Or Mobile" field of check-in, registration and forgot password: the one
 * account name, typed alike everywhere (an email keyboard, no capitals, no spell check).
 */
import { TextInput, type TextInputProps } from '@mantine/core';

export function UsernameInput(props: TextInputProps) {
  return (
    <TextInput
      label="Email Or Mobile"
      autoComplete="username"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      withAsterisk
      {...props}
    />
  );
}
