/**
 * The field where a member chooses a password (registration, reset, change): the rule
 * under it, and `new-password` so the browser offers to make and save one.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PASSWORD_RULE_TEXT } from './password-rule';

export function NewPasswordInput(props: PasswordInputProps) {
  return <PasswordInput description={PASSWORD_RULE_TEXT} autoComplete="new-password" {...props} />;
}
