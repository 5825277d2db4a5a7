/**
 * The vault icon's modal (spec §2.3): Privacy Settings (a privacy level per feature)
 * and Bulletin Settings (a notify switch per bulletin), each with Reset; every row
 * shows loading while its change is on its way. The shell's header opens it.
 */
import { Modal, Tabs } from '@mantine/core';
import { NotifySettingsRows, PrivacySettingsRows } from './settings-rows';

export type SettingsModalProps = { me: string; opened: boolean; onClose: () => void };

export function SettingsModal({ me, opened, onClose }: SettingsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Settings" size="md" centered>
      <Tabs defaultValue="privacy">
        <Tabs.List grow>
          <Tabs.Tab value="privacy">Privacy Settings</Tabs.Tab>
          <Tabs.Tab value="bulletin">Bulletin Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="privacy" pt="md">
          {opened && <PrivacySettingsRows me={me} />}
        </Tabs.Panel>
        <Tabs.Panel value="bulletin" pt="md">
          {opened && <NotifySettingsRows me={me} />}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
