/**
 * The vault icon's modal (spec §2.3): Privacy Settings and Bulletin Settings.
 * Privacy shows, read-only and from Dexie, the privacy master list with the level
 * the member's suite has now. Changing levels and the bulletin settings arrive with
 * their own issues; until then nothing here pretends to be editable.
 * (userPrivacyResponse is not used: its codes are access codes — 0 or 106 — not levels.)
 */
import { Badge, Group, Modal, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import type { Privacy } from '../../../contract/masters';
import type { ProfileRow } from '../../store/db';
import { EmptyState } from '../../ui/empty-state';
import { IconVault } from '../../ui/icons';

export type SettingsModalProps = {
  opened: boolean;
  onClose: () => void;
  privacies: Privacy[];
  profile: ProfileRow | undefined;
};

export function SettingsModal({ opened, onClose, privacies, profile }: SettingsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Settings" size="md" centered>
      <Tabs defaultValue="privacy">
        <Tabs.List grow>
          <Tabs.Tab value="privacy">Privacy Settings</Tabs.Tab>
          <Tabs.Tab value="bulletin">Bulletin Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="privacy" pt="md">
          {privacies.length === 0 ? (
            <EmptyState title="No data" size="sm" />
          ) : (
            <Stack gap="xs" role="list" aria-label="Privacy levels">
              {privacies.map((p) => {
                const current = p.privacyCode === profile?.privacyCode;
                return (
                  <Group key={p.privacyCode} role="listitem" justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant={current ? 'filled' : 'light'} radius="xl" size="md">
                        <IconVault size={16} />
                      </ThemeIcon>
                      <Text size="sm" fw={current ? 700 : 400}>
                        {p.privacyName}
                      </Text>
                    </Group>
                    {current && (
                      <Badge variant="light" size="sm">
                        Your suite
                      </Badge>
                    )}
                  </Group>
                );
              })}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="bulletin" pt="md">
          <EmptyState title="No data" size="sm" />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
