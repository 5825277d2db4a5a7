/**
 * The vault icon's modal (spec §2.3): Privacy Settings (a privacy level per feature)
 * and Bulletin Settings (a notify switch per bulletin), each with Reset; every row
 * shows loading while its change is on its way; Appearance (System, Light, Dark; this
 * device only); and Account, the way to 'Where you're signed in', passkeys, two-step
 * sign-in, 'Download your data' and 'Delete my account'. The shell's header opens it.
 */
import { Modal, Stack, Tabs, Text } from '@mantine/core';
import { DATA_EXPORT_TEXT } from '../../../../contract/data-export';
import { PASSKEY_TEXT } from '../../../../contract/passkey-text';
import { DELETION_TEXT } from '../../../../contract/account-deletion-text';
import { SECOND_FACTOR_TEXT } from '../../../../contract/second-factor-text';
import { SESSION_TEXT } from '../../../../contract/sessions';
import { RouterButton } from '../../../ui/router-link';
import { AppearanceChoice } from './appearance-choice';
import { NotifySettingsRows, PrivacySettingsRows } from './settings-rows';

export type SettingsModalProps = { me: string; opened: boolean; onClose: () => void };

export function SettingsModal({ me, opened, onClose }: SettingsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Settings" size="lg" centered>
      {/* Pills: on a phone the three tabs take two rows, which pills show as one set (underlined tabs would not). */}
      <Tabs defaultValue="privacy" variant="pills">
        <Tabs.List grow>
          <Tabs.Tab value="privacy">Privacy Settings</Tabs.Tab>
          <Tabs.Tab value="bulletin">Bulletin Settings</Tabs.Tab>
          <Tabs.Tab value="appearance">Appearance</Tabs.Tab>
          <Tabs.Tab value="account">Account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="privacy" pt="md">
          {opened && <PrivacySettingsRows me={me} />}
        </Tabs.Panel>
        <Tabs.Panel value="bulletin" pt="md">
          {opened && <NotifySettingsRows me={me} />}
        </Tabs.Panel>
        <Tabs.Panel value="appearance" pt="md">
          <AppearanceChoice />
        </Tabs.Panel>
        <Tabs.Panel value="account" pt="md">
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              Where your account is signed in, your password, passkeys, a second step at sign-in, a copy of your data, and leaving Billionett.
            </Text>
            <RouterButton to="/settings/sessions" variant="light" onClick={onClose}>
              {SESSION_TEXT.title}
            </RouterButton>
            <RouterButton to="/settings/passkeys" variant="light" onClick={onClose}>
              {PASSKEY_TEXT.title}
            </RouterButton>
            <RouterButton to="/settings/two-step" variant="light" onClick={onClose}>
              {SECOND_FACTOR_TEXT.title}
            </RouterButton>
            <RouterButton to="/settings/data" variant="light" onClick={onClose}>
              {DATA_EXPORT_TEXT.title}
            </RouterButton>
            <RouterButton to="/settings/delete-account" variant="subtle" color="red" onClick={onClose}>
              {DELETION_TEXT.title}
            </RouterButton>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
